import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSettings } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { IdpOverview, SyncRun } from '../../../shared/api/hstm-idp';
import { IDP_PROVIDER_LABELS, type IdpProvider } from '../../../shared/domain/statuses';
import { QueryStatus } from '../../components/query-status';
import { ApiError } from '../../lib/api-client';
import { formatMessageDateTime } from '../../lib/format';
import { idpApi, idpKeys } from './idp-api';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export const providerLabel = (provider: string | null): string =>
  provider ? (IDP_PROVIDER_LABELS[provider as IdpProvider] ?? provider) : 'Not set';

function lastSyncText(run: SyncRun | null): string {
  if (!run) return 'Never synchronized';
  if (run.status === 'queued' || run.status === 'running')
    return `In progress since ${formatMessageDateTime(run.created_at)}`;
  if (run.status === 'failed') return `Failed ${formatMessageDateTime(run.finished_at)}: ${run.error ?? ''}`;
  return `Completed ${formatMessageDateTime(run.finished_at)}: ${run.created_count} created, ${run.updated_count} updated, ${run.deactivated_count} deactivated`;
}

/** The sync button: asks first whether a sync is running, then starts one; says which happened. */
export function SyncButton({ orgId, kind, label }: { orgId: number; kind: 'azure' | 'hlc'; label: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ tone: 'info' | 'danger'; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setAnswer(null);
    try {
      const state = await idpApi.inProcess(orgId, kind);
      if (state.in_process) {
        setAnswer({ tone: 'info', text: state.message });
      } else {
        const started = await idpApi.startSync(orgId, kind);
        setAnswer({ tone: 'info', text: started.message });
      }
    } catch (error) {
      if (error instanceof ApiError && !error.handled && error.errors.length > 0) {
        setAnswer({ tone: error.status === 409 ? 'info' : 'danger', text: error.errors.join(' ') });
      }
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: idpKeys.overview(orgId) });
    }
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button leftSection={<IconRefresh size={16} aria-hidden />} loading={busy} onClick={() => void run()}>
          {label}
        </Button>
      </Group>
      {answer && (
        <Alert color={answer.tone === 'info' ? 'blue' : 'red'} variant="light" role="status">
          {answer.text}
        </Alert>
      )}
    </Stack>
  );
}

function Summary({ data }: { data: IdpOverview }) {
  const provider = data.idp_provider;
  if (provider === 'AD') {
    return data.azure ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Directory (tenant) ID">{data.azure.tenant_id}</Field>
        <Field label="Application (client) ID">{data.azure.client_id}</Field>
        <Field label="Client secret">{data.azure.client_secret_set ? 'Set' : 'Not set'}</Field>
        <Field label="Graph endpoint">{data.azure.graph_base_url}</Field>
        <Field label="Last sync">{lastSyncText(data.last_azure_sync)}</Field>
      </SimpleGrid>
    ) : (
      <Text size="sm">Azure settings have not been entered yet.</Text>
    );
  }
  if (provider === 'SAML_SSO') {
    return data.saml ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Entity ID">{data.saml.entity_id}</Field>
        <Field label="SSO URL">{data.saml.sso_url}</Field>
        <Field label="SLO URL">{data.saml.slo_url ?? '—'}</Field>
        <Field label="Certificate">
          {data.saml.certificate_info
            ? `${data.saml.certificate_info.subject}, valid until ${formatMessageDateTime(data.saml.certificate_info.valid_to)}`
            : 'Not readable'}
        </Field>
      </SimpleGrid>
    ) : (
      <Text size="sm">SAML settings have not been entered yet.</Text>
    );
  }
  if (provider === 'HSTREAM_HLC') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="HLC integration enabled">{data.hlc.hlc_integration_enabled ? 'Yes' : 'No'}</Field>
        <Field label="HLC integration available">{data.hlc.hlc_integration_available ? 'Yes' : 'No'}</Field>
        <Field label="HLC users endpoint">{data.hlc.users_url || '—'}</Field>
        <Field label="Last sync">{lastSyncText(data.last_hlc_sync)}</Field>
      </SimpleGrid>
    );
  }
  if (provider === 'HSTREAM') return <Text size="sm">Users sign in with their hStream account.</Text>;
  return <Text size="sm">No sign-in source has been chosen for this organization.</Text>;
}

/** hstm/orgs/{orgId}/idp_config: the org's sign-in source, its settings in short, and the syncs. */
export function IdpConfigPanel() {
  const orgId = Number(useParams().orgId);
  const query = useQuery({ queryKey: idpKeys.overview(orgId), queryFn: () => idpApi.overview(orgId) });
  if (!query.data) {
    return (
      <Stack mt="md">
        <QueryStatus query={query} title="The sign-in source could not be loaded" />
      </Stack>
    );
  }
  const data = query.data;
  return (
    <Paper withBorder radius="md" p="lg" mt="md">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} size="h4">
              Sign-in Source
            </Title>
            <Badge variant="light" size="lg" data-testid="idp-provider">
              {providerLabel(data.idp_provider)}
            </Badge>
          </Group>
          <Anchor component={Link} to={`/hstm/orgs/${orgId}/idp_config/settings`} fw={600}>
            <Group gap={4}>
              <IconSettings size={16} aria-hidden />
              Settings
            </Group>
          </Anchor>
        </Group>
        <Summary data={data} />
        {data.idp_provider === 'AD' && data.azure && <SyncButton orgId={orgId} kind="azure" label="Sync Azure Users" />}
        {data.idp_provider === 'HSTREAM_HLC' && data.hlc.hlc_integration_enabled && (
          <SyncButton orgId={orgId} kind="hlc" label="Sync HLC Users" />
        )}
      </Stack>
    </Paper>
  );
}
