import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ORG_SUCCESS, type ProviderTemplate } from '../../../shared/api/hstm-orgs';
import { LoadingIndicator } from '../../components/loading-indicator';
import { toasts } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';
import { errorsOf } from '../../lib/errors-of';
import { orgKeys, orgsApi } from './orgs-api';

/** The provider library grouped by source, sources in the server's order. */
function bySource(list: readonly ProviderTemplate[]): Array<[string, ProviderTemplate[]]> {
  const groups = new Map<string, ProviderTemplate[]>();
  for (const t of list) groups.set(t.source, [...(groups.get(t.source) ?? []), t]);
  return [...groups.entries()];
}

/** hstm/orgs/{orgId}/templates: which templates of the provider library this organisation may use. */
export function OrgTemplatesPanel() {
  const orgId = Number(useParams().orgId);
  const queryClient = useQueryClient();
  const org = useQuery({ queryKey: orgKeys.one(orgId), queryFn: () => orgsApi.get(orgId), retry: false });
  const library = useQuery({ queryKey: orgKeys.templates, queryFn: () => orgsApi.templates() });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);

  const stored = org.data?.org.template_ids;
  useEffect(() => {
    if (stored) setChosen(stored.map(String));
  }, [stored]);
  // Another section or page opened with ticks not saved asks first: they were dropped silently.
  const storedKey = stored ? [...stored].sort((a, b) => a - b).join(',') : '';
  const chosenKey = chosen
    ? chosen
        .map(Number)
        .sort((a, b) => a - b)
        .join(',')
    : storedKey;
  useUnsavedChangesGuard(chosen !== null && chosenKey !== storedKey);

  if (org.error instanceof ApiError && org.error.status === 404)
    return (
      <Alert color="red" role="alert">
        This organization was not found.
      </Alert>
    );
  if (org.isPending || library.isPending || chosen === null) return <LoadingIndicator />;
  const templates = library.data?.pnp_templates ?? [];

  const save = async (): Promise<void> => {
    setSaving(true);
    setServerErrors([]);
    try {
      const res = await orgsApi.update(orgId, { template_ids: chosen.map(Number) });
      queryClient.setQueryData(orgKeys.one(orgId), res);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      toasts.success(ORG_SUCCESS.updated);
    } catch (error) {
      setServerErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {org.data?.org.name}: the templates its users see in their template library ({chosen.length} of{' '}
        {templates.length} chosen).
      </Text>
      {serverErrors.length > 0 && (
        <Alert color="red" role="alert">
          {serverErrors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      {templates.length === 0 ? (
        <Text>No templates to show: the provider template library is empty.</Text>
      ) : (
        <Checkbox.Group label="Templates this organization may use" value={chosen} onChange={setChosen}>
          <Stack gap="md" mt="xs">
            {bySource(templates).map(([source, list]) => (
              <Paper key={source} withBorder p="md">
                <Title order={4} size="h5" mb="xs">
                  {source}
                </Title>
                <Stack gap={6}>
                  {list.map((t) => (
                    <Checkbox key={t.id} value={String(t.id)} label={t.name} description={t.description ?? undefined} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group>
        <Button onClick={() => void save()} loading={saving}>
          Save
        </Button>
        <Button
          variant="default"
          onClick={() => setChosen(templates.map((t) => String(t.id)))}
          disabled={templates.length === 0}
        >
          Select All
        </Button>
        <Button variant="default" onClick={() => setChosen([])}>
          Clear
        </Button>
      </Group>
    </Stack>
  );
}
