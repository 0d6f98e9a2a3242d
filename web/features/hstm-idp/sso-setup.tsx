import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { IdpOverview, IdpProviderKey, OidcProviderKey } from '../../../shared/api/hstm-idp';
import { Messages } from '../../../shared/domain/messages';
import { toasts } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { idpApi, idpKeys } from './idp-api';

/**
 * Single sign-on (issue 16) on the staff IdP screen: the values a hospital's IT enters at its
 * identity provider, the OpenID Connect client of hStream / hStream - HLC, and whether people
 * unknown to the organisation are created at their first sign-in.
 */

function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'}>
                <ActionIcon variant="subtle" aria-label={`Copy ${label}`} onClick={copy}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** What the organisation's IT enters at its identity provider, for the chosen source. */
export function SsoSetupValues({ data, source }: { data: IdpOverview; source: IdpProviderKey }) {
  const s = data.setup;
  const rows =
    source === 'SAML_SSO'
      ? [
          ['SP Entity ID', s.sp_entity_id],
          ['ACS URL', s.acs_url],
          ['SLO URL (single logout)', s.slo_url],
          ['Metadata URL', s.metadata_url],
          ...(s.saml_signing_certificate_sha256
            ? [['Signing certificate (SHA-256)', s.saml_signing_certificate_sha256]]
            : []),
        ]
      : [
          ['Redirect URI', s.redirect_uri],
          ['Sign-out Redirect URI', s.post_logout_redirect_uri],
        ];
  return (
    <Stack gap="xs" aria-label="Values for the identity provider" role="region">
      <Title order={3} size="h5">
        Values for the identity provider
      </Title>
      <Text size="sm" c="dimmed">
        The organization&apos;s IT enters these at its identity provider (see the single sign-on guide).
      </Text>
      <Table withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <CopyValue key={label} label={label!} value={value!} />
          ))}
        </Table.Tbody>
      </Table>
      {source === 'SAML_SSO' ? <SamlRequestSigning fingerprint={s.saml_signing_certificate_sha256} /> : null}
    </Stack>
  );
}

/**
 * Whether this server signs what it sends the identity provider (a deployment setting, the same for
 * every organization): IT needs to know before it requires signed requests at its end.
 */
function SamlRequestSigning({ fingerprint }: { fingerprint: string | null }) {
  if (fingerprint) {
    return (
      <Text size="sm" c="dimmed">
        Sign-in and sign-out requests are signed with this certificate; the metadata publishes it.
      </Text>
    );
  }
  return (
    <Alert color="yellow" variant="light" title="Requests are not signed">
      <Text size="sm">
        This server has no SAML signing key, so it sends its sign-in and sign-out requests unsigned (see the single
        sign-on guide). An identity provider that requires signed requests, as ADFS does for single logout, refuses
        them.
      </Text>
    </Alert>
  );
}

const errorsOf = (error: unknown): string[] =>
  error instanceof ApiError && !error.handled
    ? [...error.errors]
    : error instanceof ApiError
      ? []
      : [Messages.unexpectedError];

/** The OpenID Connect client of hStream or hStream - HLC at its issuer. */
export function OidcClientForm({ data, provider }: { data: IdpOverview; provider: OidcProviderKey }) {
  const client = useQueryClient();
  const current = provider === 'HSTREAM' ? data.hstream_oidc : data.hlc_oidc;
  const [issuer, setIssuer] = useState(current?.issuer ?? '');
  const [clientId, setClientId] = useState(current?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await idpApi.saveOidc(data.org_id, provider, {
        issuer,
        client_id: clientId,
        ...(secret ? { client_secret: secret } : {}),
      });
      setSecret('');
      toasts.clear();
      toasts.success(current ? Messages.recordUpdated : Messages.recordCreated);
      await client.invalidateQueries({ queryKey: idpKeys.overview(data.org_id) });
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" role="region" aria-label="OpenID Connect sign-in">
      <Title order={3} size="h5">
        OpenID Connect sign-in
      </Title>
      {errors.length > 0 ? (
        <Alert color="red" variant="light" role="alert" title="The sign-in settings were not saved">
          {errors.map((e) => (
            <Text size="sm" key={e}>
              {e}
            </Text>
          ))}
        </Alert>
      ) : null}
      <TextInput label="Issuer" required value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} />
      <TextInput label="Client ID" required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
      <PasswordInput
        label="Client Secret"
        description={current?.client_secret_set ? 'Leave empty to keep the stored secret.' : undefined}
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
      />
      <Group>
        <Button loading={busy} onClick={() => void save()}>
          Save Sign-in Settings
        </Button>
      </Group>
    </Stack>
  );
}

/** Whether a person unknown to the organisation is created at their first single sign-on. */
export function ProvisioningSetting({ data }: { data: IdpOverview }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (createUnknown: boolean) => {
    setBusy(true);
    try {
      await idpApi.saveSso(data.org_id, { create_unknown_users: createUnknown });
      toasts.clear();
      toasts.success(Messages.recordUpdated);
      await client.invalidateQueries({ queryKey: idpKeys.overview(data.org_id) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Checkbox
      label="Create people at their first sign-in"
      description="Otherwise a person the organization does not have yet is refused with a message to contact their administrator."
      checked={data.create_unknown_users}
      disabled={busy}
      onChange={(e) => void change(e.currentTarget.checked)}
    />
  );
}
