import { Button, Group, MultiSelect, Paper, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Messages } from '../../../../shared/domain/messages';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { toasts } from '../../../lib/alerts';
import { errorsOf } from '../../../lib/errors-of';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { listPnps } from '../api/list-pnps';
import { getPnpLinks, setPnpLinks } from '../api/pnp-links';
import { pnpKeys } from '../api/pnp-keys';
import { useDocumentContext } from '../components/document-context';
import { showErrors } from '../../../lib/show-errors';
import { usePnpRefresh } from '../components/use-pnp-refresh';
import { documentPath } from '../components/workflow-actions';

/** related_info/linked_pnps/edit: choose the P&Ps this one links to. */
export function LinkedPnpsEditSection() {
  const { orgId, pnp, document } = useDocumentContext();
  const navigate = useNavigate();
  const refresh = usePnpRefresh(orgId, pnp.id);
  const links = useQuery({ queryKey: pnpKeys.links(orgId, String(pnp.id)), queryFn: () => getPnpLinks(orgId, pnp.id) });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: pnpKeys.list(orgId, { search: debounced, per_page: 50 }),
    queryFn: () => listPnps(orgId, { search: debounced || undefined, per_page: 50 }),
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (links.data && chosen === null) {
      setChosen(links.data.linked_pnps.map((p) => String(p.id)));
      setNames((m) => new Map([...m, ...links.data.linked_pnps.map((p) => [String(p.id), p.name] as const)]));
    }
  }, [links.data, chosen]);
  useEffect(() => {
    if (found.data)
      setNames(
        (m) => new Map([...m, ...found.data.pnps.map((p) => [String(p.id), `${p.name} (${p.location})`] as const)]),
      );
  }, [found.data]);

  const savedIds = links.data?.linked_pnps.map((p) => String(p.id)) ?? [];
  // A choice made and not saved is asked about before the screen is left, as on General Info.
  const dirty = chosen !== null && (chosen.length !== savedIds.length || chosen.some((id) => !savedIds.includes(id)));
  const guard = useUnsavedChangesGuard(dirty);

  const data = [...names.entries()].filter(([id]) => id !== String(pnp.id)).map(([value, label]) => ({ value, label }));
  const back = documentPath(orgId, pnp.id, document.id, 'related_info/linked_pnps');
  const save = async (ids: readonly string[]): Promise<void> => {
    setBusy(true);
    // A successful save moves on to the linked P&Ps: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    try {
      await setPnpLinks(orgId, pnp.id, ids.map(Number));
      toasts.success(Messages.recordUpdated, { scope: 'next' });
      await refresh();
      await navigate(back);
    } catch (error) {
      guard.askBeforeLeaving();
      showErrors(error, { update: true });
    } finally {
      setBusy(false);
    }
  };
  // The saved links must be known before anything is chosen: Save replaces the whole list, so a save
  // made before they arrived (or after they failed to) would drop every link the P&P had.
  if (chosen === null) {
    return (
      <Stack gap="sm">
        <Title order={2} size="h4">
          Edit Linked P&Ps
        </Title>
        {links.isError ? (
          <LoadFailedAlert
            title="The linked P&Ps could not be loaded"
            messages={errorsOf(links.error)}
            retrying={links.isFetching}
            onRetry={() => void links.refetch()}
          />
        ) : (
          <LoadingIndicator />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Edit Linked P&Ps
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <MultiSelect
            label="Linked P&Ps"
            placeholder="Search P&Ps by name"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={data}
            value={chosen}
            onChange={setChosen}
            hidePickedOptions
            nothingFoundMessage="No P&Ps found"
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                // Cancel is the user's own choice to drop the change.
                guard.leaveWithoutAsking();
                void navigate(back);
              }}
            >
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void save(chosen)}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
