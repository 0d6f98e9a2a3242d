import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEFAULT_OIDC_GROUP_CLAIM,
  DEFAULT_SAML_GROUP_ATTRIBUTES,
  GROUP_MAPPINGS_MAX,
  type GroupMapping,
  type IdpProviderKey,
} from '../../../shared/api/hstm-idp';
import { Messages } from '../../../shared/domain/messages';
import { LoadingIndicator } from '../../components/loading-indicator';
import { toasts } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { idpApi, idpKeys } from './idp-api';

/**
 * IdP groups mapped to user groups (issue 16): which claim carries a person's groups and which
 * IdP group value stands for which of the organisation's user groups. At each single sign-on the
 * person joins the mapped groups their claim lists and leaves the mapped groups it does not.
 */

interface Row {
  key: number;
  idp_group: string;
  group_id: string | null;
}

let nextKey = 1;
const rowsOf = (data: GroupMapping): Row[] =>
  data.mappings.map((m) => ({ key: nextKey++, idp_group: m.idp_group, group_id: String(m.group_id) }));

const errorsOf = (error: unknown): string[] =>
  error instanceof ApiError && !error.handled
    ? [...error.errors]
    : error instanceof ApiError
      ? []
      : [Messages.unexpectedError];

function defaultClaim(source: IdpProviderKey): string {
  return source === 'SAML_SSO' ? DEFAULT_SAML_GROUP_ATTRIBUTES.join(', ') : DEFAULT_OIDC_GROUP_CLAIM;
}

function GroupMappingForm({ data, source }: { data: GroupMapping; source: IdpProviderKey }) {
  const client = useQueryClient();
  const [claim, setClaim] = useState(data.claim);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(data));
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const options = data.groups.map((g) => ({ value: String(g.id), label: g.name }));

  const change = (key: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => setRows((list) => [...list, { key: nextKey++, idp_group: '', group_id: null }]);
  const remove = (key: number) => setRows((list) => list.filter((r) => r.key !== key));

  const save = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const answer = await idpApi.saveGroupMapping(data.org_id, {
        claim,
        mappings: rows.map((r) => ({
          idp_group: r.idp_group,
          group_id: r.group_id === null ? null : Number(r.group_id),
        })),
      });
      toasts.clear();
      toasts.success(Messages.recordUpdated);
      // The section shows the saved state afresh (its rows in the server's order).
      client.setQueryData(idpKeys.groupMapping(data.org_id), answer);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Groups claim"
        description={`The claim (OpenID Connect) or attribute (SAML) listing a person's groups. Leave empty for the default: ${defaultClaim(source)}.`}
        placeholder={defaultClaim(source)}
        maw={560}
        value={claim}
        onChange={(e) => setClaim(e.currentTarget.value)}
      />
      {errors.length > 0 ? (
        <Alert color="red" variant="light" role="alert" title="The group mapping was not saved">
          <Stack gap={4}>
            {errors.map((e) => (
              <Text size="sm" key={e}>
                {e}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No IdP groups are mapped: sign-ins leave every group membership as it is.
        </Text>
      ) : (
        <Table withTableBorder aria-label="Group mappings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>Row</Table.Th>
              <Table.Th>IdP group value</Table.Th>
              <Table.Th>User group</Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`IdP group value, row ${index + 1}`}
                    placeholder="A group object id or group name"
                    value={row.idp_group}
                    onChange={(e) => change(row.key, { idp_group: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`User group, row ${index + 1}`}
                    placeholder="Choose a user group"
                    searchable
                    data={options}
                    value={row.group_id}
                    onChange={(value) => change(row.key, { group_id: value })}
                    nothingFoundMessage="No such group"
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove mapping, row ${index + 1}`}
                    onClick={() => remove(row.key)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          This organization has no user groups to map to yet.
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= GROUP_MAPPINGS_MAX || data.groups.length === 0}
          onClick={add}
        >
          Add Mapping
        </Button>
        <Button loading={busy} onClick={() => void save()}>
          Save Group Mapping
        </Button>
      </Group>
    </Stack>
  );
}

/** The "Group mapping" section of the staff IdP settings screen. */
export function GroupMappingSection({ orgId, source }: { orgId: number; source: IdpProviderKey }) {
  const query = useQuery({ queryKey: idpKeys.groupMapping(orgId), queryFn: () => idpApi.groupMapping(orgId) });
  return (
    <Stack gap="sm" role="region" aria-label="Group mapping">
      <Title order={3} size="h5">
        Group mapping
      </Title>
      <Text size="sm" c="dimmed">
        At each single sign-on a person joins the mapped user groups whose IdP group their claims list, and leaves the
        mapped user groups whose IdP group they do not. Groups not mapped here are never changed.
      </Text>
      {query.data ? (
        // Keyed by the saved state: a reload or another staff member's save starts the form afresh.
        <GroupMappingForm key={JSON.stringify(query.data)} data={query.data} source={source} />
      ) : (
        <LoadingIndicator />
      )}
    </Stack>
  );
}
