import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  LoadingOverlay,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users-api';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  REASSIGNMENT_TYPES,
  REASSIGNMENT_TYPE_LABELS,
  type AssignedItemList,
  type AssignmentHolder,
  type BulkAssignBody,
  type ReassignmentType,
  type SubjectType,
} from '../../../../shared/api/user-bulk-assign';
import { Messages } from '../../../../shared/domain/messages';
import { BULK_ASSIGN_LOADER_MS } from '../../../../shared/domain/limits';
import { OBJECT_ROLE_IDS, OBJECT_ROLE_NAMES } from '../../../../shared/domain/roles';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Page } from '../../../components/page';
import { formErrorsOf } from '../../../lib/errors-of';
import { ApiError } from '../../../lib/api-client';
import { toasts } from '../../../lib/alerts';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { bulkAssignKeys, listHolders, listSourceItems, updateAssignments } from '../api/bulk-assign-api';
import { ItemsTable, itemKey } from '../components/items-table';

const STEPS = ['Reassignment Type', 'Users', 'Versions and Roles', 'Items', 'Confirmation'] as const;
const ROLE_COUNT_KEYS = { 1: 'owner', 2: 'author', 3: 'reviewer', 4: 'approver', 5: 'audience' } as const;

const holderValue = (h: Pick<AssignmentHolder, 'type' | 'id'>): string => `${h.type}:${h.id}`;
const parseHolder = (value: string): { type: SubjectType; id: number } => {
  const [type, id] = value.split(':');
  return { type: type as SubjectType, id: Number(id) };
};
const holderLabel = (h: AssignmentHolder): string =>
  `${h.name} (${h.type === 'Group' ? 'Group' : h.status === 1 ? 'User' : 'Inactive user'})`;
/** A group nobody active is in: what it receives would reach nobody who can act (the server refuses it). */
const hasNoActiveMember = (h: AssignmentHolder): boolean => h.type === 'Group' && h.active_members === 0;

/** The Items step's ticks, with the list they were made on and the items that list has shown. */
interface ItemTicks {
  readonly listId: string;
  readonly from: AssignedItemList | null;
  readonly seen: ReadonlySet<string>;
  readonly selected: ReadonlySet<string>;
}
const NO_TICKS: ItemTicks = { listId: '', from: null, seen: new Set(), selected: new Set() };

function ticksFor(current: ItemTicks, listId: string, data: AssignedItemList): ItemTicks {
  const keys = data.items.map(itemKey);
  if (current.listId !== listId) return { listId, from: data, seen: new Set(keys), selected: new Set(keys) };
  const selected = new Set(current.selected);
  for (const key of keys) if (!current.seen.has(key)) selected.add(key);
  return { listId, from: data, seen: new Set([...current.seen, ...keys]), selected };
}

/** orgs/{orgId}/users/bulk_reassign: the reassignment wizard (spec §2; product rules 'Bulk reassignment'). */
export function BulkReassignPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [type, setType] = useState<ReassignmentType>('reassign');
  const [source, setSource] = useState<string | null>(null);
  const [targets, setTargets] = useState<string[]>([]);
  const [roles, setRoles] = useState<string[]>([]);
  const [ticks, setTicks] = useState<ItemTicks>(NO_TICKS);
  const [refusal, setRefusal] = useState<readonly string[]>([]);
  const [processing, setProcessing] = useState(false);

  // Choices made in the wizard are asked about before the screen is left (all of them are lost).
  const guard = useUnsavedChangesGuard(active > 0 || source !== null);

  const holders = useQuery({
    queryKey: bulkAssignKeys.holders(orgId),
    queryFn: ({ signal }) => listHolders(orgId, signal),
  });
  const sourceHolder = holders.data?.holders.find((h) => holderValue(h) === source) ?? null;
  const roleIds = roles.map(Number).sort();
  const sourceRef = source ? parseHolder(source) : null;

  const items = useQuery({
    queryKey: bulkAssignKeys.items(orgId, sourceRef?.type ?? 'User', sourceRef?.id ?? 0, roleIds),
    queryFn: ({ signal }) => listSourceItems(orgId, sourceRef!.type, sourceRef!.id, roleIds, signal),
    enabled: active >= 3 && sourceRef !== null && roleIds.length > 0,
  });
  // The ticks are the admin's: a refetch of the same list (a reconnect, a background refresh) keeps
  // them, and only the items it lists for the first time come ticked. Another source or other roles
  // make another list, which starts with every item ticked.
  const listId = `${source ?? ''}|${roleIds.join(',')}`;
  if (items.data && items.data !== ticks.from) setTicks(ticksFor(ticks, listId, items.data));
  const selected = ticks.selected;

  const body = useMemo((): BulkAssignBody | null => {
    if (!sourceRef || roleIds.length === 0 || !items.data) return null;
    return {
      reassignment_type: type,
      source: sourceRef,
      targets: type === 'remove' ? [] : targets.map(parseHolder),
      selected_roles: roleIds,
      selectedContainers: items.data.items
        .filter((i) => selected.has(itemKey(i)))
        .map((i) => ({ item_type: i.item_type, id: i.id })),
    };
  }, [sourceRef, roleIds, items.data, type, targets, selected]);

  const preview = useQuery({
    queryKey: [...bulkAssignKeys.all(orgId), 'preview', body],
    queryFn: () => updateAssignments(orgId, { ...body!, dry_run: true }),
    enabled: active === 4 && body !== null && body.selectedContainers.length > 0,
  });

  const confirm = useMutation({
    mutationFn: () => updateAssignments(orgId, body!),
    onMutate: () => setRefusal([]),
    onSuccess: async (result) => {
      // Done: nothing is left to lose on the way back to the users.
      guard.leaveWithoutAsking();
      // Spec §9: the loader shows for 3.5 seconds, then the toast and the user list.
      setProcessing(true);
      await new Promise((resolve) => setTimeout(resolve, BULK_ASSIGN_LOADER_MS));
      setProcessing(false);
      await queryClient.invalidateQueries({ queryKey: bulkAssignKeys.all(orgId) });
      // Spec §9: the user list reloads (a leaver is Inactive now; assignments moved).
      await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
      toasts.success(Messages.processingAssignments(result.item_count), { scope: 'next' });
      void navigate(`/orgs/${orgId}/users`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setRefusal(error.errors);
    },
  });

  const options = (holders.data?.holders ?? []).map((h) => ({ value: holderValue(h), label: holderLabel(h) }));
  // A group with no active member stays in the list, not to be chosen, saying why: left out, the
  // admin would only wonder where it went. One already chosen stays removable (a disabled pill is not).
  const targetOptions = (holders.data?.holders ?? [])
    .filter((h) => holderValue(h) !== source && (h.type === 'Group' || h.status === 1))
    .map((h) =>
      hasNoActiveMember(h)
        ? {
            value: holderValue(h),
            label: `${h.name} (Group, no active members)`,
            disabled: !targets.includes(holderValue(h)),
          }
        : { value: holderValue(h), label: holderLabel(h) },
    );
  // Chosen while it had members, emptied since (the list was fetched again): said at the field.
  const emptyTargets = (holders.data?.holders ?? []).filter(
    (h) => targets.includes(holderValue(h)) && hasNoActiveMember(h),
  );
  const previewData = preview.data && preview.data.dry_run ? preview.data : null;

  const canNext = [
    true,
    source !== null && (type === 'remove' || (targets.length > 0 && emptyTargets.length === 0)),
    roles.length > 0,
    (body?.selectedContainers.length ?? 0) > 0,
    false,
  ][active];

  return (
    <Page>
      <LoadingOverlay visible={processing} aria-label="Processing assignments" />
      <Stepper active={active} onStepClick={(step) => step < active && setActive(step)} allowNextStepsSelect={false}>
        <Stepper.Step label={STEPS[0]}>
          <Radio.Group label="What should happen to the assignments?" value={type} onChange={(value) => setType(value)}>
            <Stack mt="sm">
              {REASSIGNMENT_TYPES.map((t) => (
                <Radio key={t} value={t} label={REASSIGNMENT_TYPE_LABELS[t]} />
              ))}
            </Stack>
          </Radio.Group>
        </Stepper.Step>
        <Stepper.Step label={STEPS[1]}>
          <Stack>
            {holders.isError && (
              // Said in place, with a way to ask again: both lists were empty without a word once a 500's toast had gone.
              <LoadFailedAlert
                title="The users and groups could not be listed"
                messages={formErrorsOf(holders.error)}
                retrying={holders.isFetching}
                onRetry={() => void holders.refetch()}
              />
            )}
            <Select
              label="From (user or group)"
              placeholder="Choose the user or group"
              searchable
              data={options}
              value={source}
              onChange={(value) => {
                setSource(value);
                setTargets((list) => list.filter((t) => t !== value));
                setRoles([]);
              }}
            />
            {type !== 'remove' && (
              <MultiSelect
                label="To (users or groups)"
                placeholder="Choose who receives the assignments"
                searchable
                data={targetOptions}
                value={targets}
                onChange={setTargets}
                error={
                  emptyTargets.length > 0
                    ? emptyTargets
                        .map((g) => `${g.name} has no active members and cannot receive assignments.`)
                        .join(' ')
                    : undefined
                }
              />
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={STEPS[2]}>
          <Checkbox.Group label="Roles" value={roles} onChange={setRoles}>
            <Stack mt="sm">
              {OBJECT_ROLE_IDS.map((id) => (
                <Checkbox
                  key={id}
                  value={String(id)}
                  label={`${OBJECT_ROLE_NAMES[id]} (${sourceHolder?.counts[ROLE_COUNT_KEYS[id]] ?? 0})`}
                  disabled={!sourceHolder || sourceHolder.counts[ROLE_COUNT_KEYS[id]] === 0}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </Stepper.Step>
        <Stepper.Step label={STEPS[3]}>
          {items.isError ? (
            // Said in place, with a way to ask again: the step read 'No items.' once a 500's toast had gone.
            <LoadFailedAlert
              title="The items could not be listed"
              messages={formErrorsOf(items.error)}
              retrying={items.isFetching}
              onRetry={() => void items.refetch()}
            />
          ) : items.isPending ? (
            <Text role="status">Loading items...</Text>
          ) : (
            <ItemsTable
              caption="Items"
              items={items.data?.items ?? []}
              selected={selected}
              onToggle={(key, checked) =>
                setTicks((current) => {
                  const next = new Set(current.selected);
                  if (checked) next.add(key);
                  else next.delete(key);
                  return { ...current, selected: next };
                })
              }
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={STEPS[4]}>
          <Stack>
            {preview.isFetching && !previewData && (
              <Group gap="xs" role="status" aria-live="polite">
                <Loader size="sm" />
                <Text>Preparing the list of changes…</Text>
              </Group>
            )}
            {preview.isError && (
              <Alert color="red" title="The changes could not be listed" role="alert">
                <List>
                  {formErrorsOf(preview.error).map((e) => (
                    <List.Item key={e}>{e}</List.Item>
                  ))}
                </List>
                <Text size="sm">Go Back a step and try again.</Text>
              </Alert>
            )}
            {previewData && (
              <>
                <Text>
                  {REASSIGNMENT_TYPE_LABELS[type]} from {sourceHolder?.name}
                  {type !== 'remove' &&
                    ` to ${targets
                      .map((t) => holders.data?.holders.find((h) => holderValue(h) === t)?.name)
                      .join(', ')}`}{' '}
                  on {previewData.item_count} {previewData.item_count === 1 ? 'item' : 'items'}.
                </Text>
                {previewData.refusals.length > 0 && (
                  <Alert color="red" title="This cannot be done" role="alert">
                    <List>
                      {previewData.refusals.map((r) => (
                        <List.Item key={`${r.id}:${r.reason}`}>{r.reason}</List.Item>
                      ))}
                    </List>
                  </Alert>
                )}
                <ItemsTable caption="Items that will change" items={previewData.items} />
              </>
            )}
            {refusal.length > 0 && (
              <Alert color="red" title="Nothing was changed" role="alert">
                <List>
                  {refusal.map((r) => (
                    <List.Item key={r}>{r}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => setActive((s) => s - 1)}>
          Back
        </Button>
        {active < 4 ? (
          <Button disabled={!canNext} onClick={() => setActive((s) => s + 1)}>
            Next
          </Button>
        ) : (
          <Button
            disabled={!previewData || previewData.refusals.length > 0 || previewData.item_count === 0}
            loading={confirm.isPending || processing}
            onClick={() => confirm.mutate()}
          >
            Confirm
          </Button>
        )}
      </Group>
    </Page>
  );
}
