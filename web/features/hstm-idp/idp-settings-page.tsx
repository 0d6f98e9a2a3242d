import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  DEFAULT_GRAPH_BASE_URL,
  DEFAULT_TOKEN_BASE_URL,
  IDP_PROVIDERS,
  SAML_METADATA_MAX_BYTES,
  type IdpOverview,
  type IdpProviderKey,
  type ParsedMetadata,
} from '../../../shared/api/hstm-idp';
import { Messages } from '../../../shared/domain/messages';
import { Page } from '../../components/page';
import { QueryStatus } from '../../components/query-status';
import { toasts } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { formatMessageDateTime } from '../../lib/format';
import { idpApi, idpKeys } from './idp-api';
import { providerLabel } from './idp-config-panel';
import { GroupMappingSection } from './group-mapping';
import { OidcClientForm, ProvisioningSetting, SsoSetupValues } from './sso-setup';

/** The sentences of a refused request that this form shows itself (others went to the global handler). */
const errorsOf = (error: unknown): string[] =>
  error instanceof ApiError && !error.handled
    ? [...error.errors]
    : error instanceof ApiError
      ? []
      : [Messages.unexpectedError];

function Problems({ title, errors }: { title: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap={4}>
        {errors.map((e) => (
          <Text size="sm" key={e}>
            {e}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function useSaved(orgId: number) {
  const client = useQueryClient();
  return async (created: boolean) => {
    toasts.clear();
    toasts.success(created ? Messages.recordCreated : Messages.recordUpdated);
    await client.invalidateQueries({ queryKey: idpKeys.overview(orgId) });
  };
}

function AzureForm({ data }: { data: IdpOverview }) {
  const saved = useSaved(data.org_id);
  const [tenantId, setTenantId] = useState(data.azure?.tenant_id ?? '');
  const [clientId, setClientId] = useState(data.azure?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [graphUrl, setGraphUrl] = useState(data.azure?.graph_base_url ?? DEFAULT_GRAPH_BASE_URL);
  const [tokenUrl, setTokenUrl] = useState(data.azure?.token_base_url ?? DEFAULT_TOKEN_BASE_URL);
  const [errors, setErrors] = useState<string[]>([]);
  const [check, setCheck] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState<'validate' | 'save' | null>(null);
  const input = () => ({
    tenant_id: tenantId,
    client_id: clientId,
    ...(secret ? { client_secret: secret } : {}),
    graph_base_url: graphUrl,
    token_base_url: tokenUrl,
  });
  const validate = async () => {
    setBusy('validate');
    setErrors([]);
    setCheck(null);
    try {
      setCheck(await idpApi.validateAzure(data.org_id, input()));
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    setBusy('save');
    setErrors([]);
    try {
      await idpApi.saveAzure(data.org_id, data.azure?.id ?? null, input());
      setSecret('');
      await saved(data.azure === null);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Directory (tenant) ID"
          required
          value={tenantId}
          onChange={(e) => setTenantId(e.currentTarget.value)}
        />
        <TextInput
          label="Application (client) ID"
          required
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
        />
        <PasswordInput
          label="Client secret"
          required={!data.azure?.client_secret_set}
          description={data.azure?.client_secret_set ? 'A secret is stored; leave empty to keep it.' : undefined}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <TextInput label="Graph endpoint" value={graphUrl} onChange={(e) => setGraphUrl(e.currentTarget.value)} />
        <TextInput label="Token endpoint" value={tokenUrl} onChange={(e) => setTokenUrl(e.currentTarget.value)} />
      </SimpleGrid>
      {check && (
        <Alert
          color={check.ok ? 'green' : 'red'}
          variant="light"
          role="status"
          title={check.ok ? 'Valid' : 'Not valid'}
        >
          {check.message}
        </Alert>
      )}
      <Problems title="The Azure settings were not saved" errors={errors} />
      <Group>
        <Button variant="default" loading={busy === 'validate'} onClick={() => void validate()}>
          Validate
        </Button>
        <Button loading={busy === 'save'} onClick={() => void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function MetadataView({ parsed }: { parsed: ParsedMetadata }) {
  return (
    <Stack gap="sm" data-testid="saml-metadata">
      <Text size="sm">
        <b>Entity ID:</b> {parsed.entity_id}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Endpoints">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Endpoint</Table.Th>
              <Table.Th>Binding</Table.Th>
              <Table.Th>Location</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[
              ...parsed.sso_endpoints.map((e) => ({ ...e, kind: 'Sign-on' })),
              ...parsed.slo_endpoints.map((e) => ({ ...e, kind: 'Logout' })),
            ].map((e) => (
              <Table.Tr key={`${e.kind}-${e.binding}-${e.location}`}>
                <Table.Td>{e.kind}</Table.Td>
                <Table.Td>{e.binding.split(':').pop()}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.location}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Signing certificates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Issuer</Table.Th>
              <Table.Th>Valid from</Table.Th>
              <Table.Th>Valid to</Table.Th>
              <Table.Th>SHA-256 fingerprint</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parsed.certificates.map((c) => (
              <Table.Tr key={c.fingerprint_sha256}>
                <Table.Td>{c.subject}</Table.Td>
                <Table.Td>{c.issuer}</Table.Td>
                <Table.Td>{formatMessageDateTime(c.valid_from)}</Table.Td>
                <Table.Td>{formatMessageDateTime(c.valid_to)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>
                  {c.fingerprint_sha256}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function SamlForm({ data }: { data: IdpOverview }) {
  const saved = useSaved(data.org_id);
  const [xml, setXml] = useState('');
  const [parsed, setParsed] = useState<ParsedMetadata | null>(null);
  const [entityId, setEntityId] = useState(data.saml?.entity_id ?? '');
  const [ssoUrl, setSsoUrl] = useState(data.saml?.sso_url ?? '');
  const [sloUrl, setSloUrl] = useState(data.saml?.slo_url ?? '');
  const [certificate, setCertificate] = useState(data.saml?.certificate ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [check, setCheck] = useState<string | null>(null);
  const [busy, setBusy] = useState<'read' | 'validate' | 'save' | null>(null);
  const input = () => ({ entity_id: entityId, sso_url: ssoUrl, ...(sloUrl ? { slo_url: sloUrl } : {}), certificate });

  const upload = async (file: File | null) => {
    setErrors([]);
    if (!file) return;
    if (file.size > SAML_METADATA_MAX_BYTES) {
      setErrors(['The metadata file is too large (at most 512 KB).']);
      return;
    }
    // The browser only reads the file's text; it is parsed on the server, in its sandboxed workers.
    setXml(await file.text());
  };
  const read = async () => {
    setBusy('read');
    setErrors([]);
    setCheck(null);
    try {
      const result = await idpApi.parseMetadata(xml);
      setParsed(result);
      const redirect = result.sso_endpoints.find((e) => e.binding.endsWith('HTTP-Redirect')) ?? result.sso_endpoints[0];
      setEntityId(result.entity_id);
      setSsoUrl(redirect?.location ?? '');
      // Our LogoutRequest goes by HTTP-Redirect: the IdP's endpoint of that binding first.
      const slo = result.slo_endpoints.find((e) => e.binding.endsWith('HTTP-Redirect')) ?? result.slo_endpoints[0];
      setSloUrl(slo?.location ?? '');
      setCertificate(result.certificates[0]?.pem ?? '');
    } catch (error) {
      setParsed(null);
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  };
  const validate = async () => {
    setBusy('validate');
    setErrors([]);
    setCheck(null);
    try {
      setCheck((await idpApi.validateSaml(input())).message);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    setBusy('save');
    setErrors([]);
    try {
      await idpApi.saveSaml(data.org_id, data.saml?.id ?? null, input());
      await saved(data.saml === null);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Textarea
        label="IdP Metadata XML"
        description="Paste the identity provider's metadata, or upload its file, then read it."
        autosize
        minRows={4}
        maxRows={12}
        value={xml}
        onChange={(e) => setXml(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      />
      <Group align="flex-end">
        <FileInput
          label="Upload metadata file"
          placeholder="Choose an .xml file"
          accept=".xml,application/xml,text/xml"
          onChange={(file) => void upload(file)}
          w={280}
          clearable
        />
        <Button variant="default" loading={busy === 'read'} disabled={xml.trim() === ''} onClick={() => void read()}>
          Read Metadata
        </Button>
      </Group>
      {parsed && <MetadataView parsed={parsed} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Entity ID" required value={entityId} onChange={(e) => setEntityId(e.currentTarget.value)} />
        <TextInput label="SSO URL" required value={ssoUrl} onChange={(e) => setSsoUrl(e.currentTarget.value)} />
        <TextInput label="SLO URL" value={sloUrl} onChange={(e) => setSloUrl(e.currentTarget.value)} />
      </SimpleGrid>
      <Textarea
        label="Signing certificate (PEM)"
        required
        autosize
        minRows={3}
        maxRows={8}
        value={certificate}
        onChange={(e) => setCertificate(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      />
      {check && (
        <Alert color="green" variant="light" role="status" title="Valid">
          {check}
        </Alert>
      )}
      <Problems title="The SAML settings are not valid" errors={errors} />
      <Group>
        <Button variant="default" loading={busy === 'validate'} onClick={() => void validate()}>
          Validate
        </Button>
        <Button loading={busy === 'save'} onClick={() => void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function HlcForm({ data }: { data: IdpOverview }) {
  const saved = useSaved(data.org_id);
  const [enabled, setEnabled] = useState(data.hlc.hlc_integration_enabled);
  const [available, setAvailable] = useState(data.hlc.hlc_integration_available);
  const [usersUrl, setUsersUrl] = useState(data.hlc.users_url);
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await idpApi.saveHlc(data.org_id, {
        hlc_integration_enabled: enabled,
        hlc_integration_available: available,
        users_url: usersUrl.trim(),
        ...(apiKey ? { api_key: apiKey } : {}),
      });
      setApiKey('');
      await saved(false);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Checkbox
        label="HLC integration enabled"
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <Checkbox
        label="HLC integration available"
        checked={available}
        onChange={(e) => setAvailable(e.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="HLC users endpoint" value={usersUrl} onChange={(e) => setUsersUrl(e.currentTarget.value)} />
        <PasswordInput
          label="HLC API key"
          description={data.hlc.api_key_set ? 'A key is stored; leave empty to keep it.' : undefined}
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          autoComplete="new-password"
        />
      </SimpleGrid>
      <Problems title="The HLC settings were not saved" errors={errors} />
      <Group>
        <Button loading={busy} onClick={() => void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function HStreamForm({ data }: { data: IdpOverview }) {
  const saved = useSaved(data.org_id);
  const [busy, setBusy] = useState(false);
  const enable = async () => {
    setBusy(true);
    try {
      await idpApi.enableHStream(data.org_id);
      await saved(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">Users of this organization sign in with their hStream account.</Text>
      <Group>
        <Button loading={busy} disabled={data.idp_provider === 'HSTREAM'} onClick={() => void enable()}>
          {data.idp_provider === 'HSTREAM' ? 'hStream is the sign-in source' : 'Use hStream'}
        </Button>
      </Group>
    </Stack>
  );
}

/** hstm/orgs/{orgId}/idp_config/settings: choose the org's sign-in source and configure it. */
export function IdpSettingsPage() {
  const orgId = Number(useParams().orgId);
  const query = useQuery({ queryKey: idpKeys.overview(orgId), queryFn: () => idpApi.overview(orgId) });
  const [chosen, setChosen] = useState<IdpProviderKey | null>(null);
  const data = query.data;
  const source = chosen ?? data?.idp_provider ?? 'AD';
  return (
    <Page
      title="Identity Provider Settings"
      subtitle={data ? `${data.org_name} signs in with ${providerLabel(data.idp_provider)}.` : undefined}
      actions={
        <Button component={Link} to={`/hstm/orgs/${orgId}/idp_config`} variant="default">
          Back
        </Button>
      }
    >
      {!data ? (
        <QueryStatus query={query} title="The identity provider settings could not be loaded" />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Select
              label="Sign-in Source"
              w={280}
              allowDeselect={false}
              data={IDP_PROVIDERS.map((p) => ({ value: p, label: providerLabel(p) }))}
              value={source}
              onChange={(value) => setChosen(value)}
            />
            <Title order={2} size="h4">
              {providerLabel(source)}
            </Title>
            {source === 'AD' && <AzureForm key={`ad-${data.azure?.id ?? 0}`} data={data} />}
            {source === 'SAML_SSO' && <SamlForm key={`saml-${data.saml?.id ?? 0}`} data={data} />}
            {source === 'HSTREAM_HLC' && <HlcForm data={data} />}
            {source === 'HSTREAM' && <HStreamForm data={data} />}
            {(source === 'HSTREAM' || source === 'HSTREAM_HLC') && (
              <OidcClientForm key={`oidc-${source}`} data={data} provider={source} />
            )}
            <SsoSetupValues data={data} source={source} />
            <ProvisioningSetting data={data} />
            <GroupMappingSection orgId={orgId} source={source} />
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
