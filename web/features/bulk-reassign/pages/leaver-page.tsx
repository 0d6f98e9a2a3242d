import { Alert, Button, List, MultiSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users-api';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AssignmentHolder, SubjectType } from '../../../../shared/api/user-bulk-assign';
import { UserStatus } from '../../../../shared/domain/statuses';
import { confirm as confirmAction } from '../../../components/confirmation-modal';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Page } from '../../../components/page';
import { formErrorsOf } from '../../../lib/errors-of';
import { ApiError } from '../../../lib/api-client';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { bulkAssignKeys, getLeaver, handOverLeaver, listHolders } from '../api/bulk-assign-api';
import { ItemsTable } from '../components/items-table';

/** The toast after the hand-over: '1 item was', '3 items were'. */
function handedOverMessage(name: string, items: number, alreadyInactive: boolean): string {
  const handed = `${items} ${items === 1 ? 'item was' : 'items were'} handed over`;
  return alreadyInactive ? `${handed} from ${name}.` : `${name} was deactivated; ${handed}.`;
}

const parse = (value: string): { type: SubjectType; id: number } => {
  const [type, id] = value.split(':');
  return { type: type as SubjectType, id: Number(id) };
};

/**
 * orgs/{orgId}/users/leaving/{userId}: a leaver in one step (issue 13). Everything the person owns,
 * authors, reviews, approves and must read; who takes it over (their groups' other members are
 * proposed); on confirmation the hand-over and the deactivation happen together.
 */
export function LeaverPage() {
  const { orgId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Who takes over, and for which leaver that choice was made (the screen stays mounted when the
  // address moves to another leaver).
  const [choice, setChoice] = useState<{ readonly leaverId: string; readonly targets: string[] } | null>(null);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const leaver = useQuery({
    queryKey: bulkAssignKeys.leaver(orgId, userId),
    queryFn: ({ signal }) => getLeaver(orgId, userId, signal),
  });
  const holders = useQuery({
    queryKey: bulkAssignKeys.holders(orgId),
    queryFn: ({ signal }) => listHolders(orgId, signal),
  });
  // The proposal fills the choice once, from the first answer about this leaver. A later refetch
  // (an invalidation, a reconnect) must not put the proposal back over the people the admin chose.
  if (leaver.data && choice?.leaverId !== userId) {
    setChoice({ leaverId: userId, targets: leaver.data.proposed_targets.map((t) => `${t.type}:${t.id}`) });
  }
  const targets = choice?.leaverId === userId ? choice.targets : [];
  // Someone deactivated earlier (on their edit screen) still holds their roles: their work is
  // handed over here all the same, and there is no deactivation left to do.
  const alreadyInactive = leaver.data !== undefined && leaver.data.user.status !== UserStatus.Active;
  const actionLabel = alreadyInactive ? 'Hand over' : 'Hand over and deactivate';
  const setTargets = (next: string[]): void => setChoice({ leaverId: userId, targets: next });

  const confirm = useMutation({
    mutationFn: () => handOverLeaver(orgId, userId, { targets: targets.map(parse) }),
    onMutate: () => setErrors([]),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: bulkAssignKeys.all(orgId) });
      // Spec §9: the user list reloads (a leaver is Inactive now; assignments moved).
      await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
      toasts.success(handedOverMessage(leaver.data?.user.name ?? 'The user', result.item_count, alreadyInactive), {
        scope: 'next',
      });
      void navigate(`/orgs/${orgId}/users`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    },
  });

  const data = leaver.data;
  // A group with nobody active in it but the leaver would hand the work to nobody who can act (the
  // server refuses it): offered disabled, saying why; one already chosen stays removable.
  const leaverGroupIds = new Set((data?.groups ?? []).map((g) => g.id));
  const nobodyActiveIn = (h: AssignmentHolder): string | null => {
    if (h.type !== 'Group') return null;
    const leaverCounted = !alreadyInactive && leaverGroupIds.has(h.id) ? 1 : 0;
    if ((h.active_members ?? 0) - leaverCounted > 0) return null;
    return leaverCounted ? `no active members other than ${data?.user.name ?? 'this user'}` : 'no active members';
  };
  const candidates = (holders.data?.holders ?? []).filter(
    (h) => !(h.type === 'User' && String(h.id) === userId) && (h.type === 'Group' || h.status === 1),
  );
  const options = candidates.map((h) => {
    const value = `${h.type}:${h.id}`;
    const nobody = nobodyActiveIn(h);
    return nobody
      ? { value, label: `${h.name} (Group, ${nobody})`, disabled: !targets.includes(value) }
      : { value, label: `${h.name} (${h.type})` };
  });
  const chosenWithNobody = candidates.filter((h) => targets.includes(`${h.type}:${h.id}`) && nobodyActiveIn(h));
  // Deactivating signs the user out and moves all their work at once: asked first, like every delete.
  const askThenHandOver = async (): Promise<void> => {
    const who = data?.user.name ?? 'this user';
    const to = targets.map((t) => options.find((o) => o.value === t)?.label ?? t).join(', ');
    const everything = `Hand over everything ${who} owns, authors, reviews, approves and must read to ${to}`;
    const answer = await confirmAction({
      title: actionLabel,
      content: alreadyInactive ? `${everything}?` : `${everything}, and deactivate ${who}?`,
      subText: alreadyInactive ? `${who} is already inactive.` : `${who} can no longer sign in.`,
      actionLabel,
      theme: 'danger',
    });
    if (answer) confirm.mutate();
  };

  return (
    <Page title={data ? `${data.user.name} is leaving` : 'A user is leaving'}>
      {/* The choice of successors needs both: who is leaving, and who may take over. */}
      {(leaver.isPending || holders.isPending) && <LoadingIndicator />}
      {/* A failed load says so in place, with a way to ask again: the page was otherwise blank under
          its title once a 500's toast had gone. */}
      {(leaver.isError || holders.isError) && (
        <LoadFailedAlert
          title="What this user holds could not be listed"
          messages={[...new Set([...formErrorsOf(leaver.error), ...formErrorsOf(holders.error)])]}
          retrying={leaver.isFetching || holders.isFetching}
          onRetry={() => {
            if (leaver.isError) void leaver.refetch();
            if (holders.isError) void holders.refetch();
          }}
        />
      )}
      {data && !holders.isPending && (
        <Stack>
          <Text>
            {alreadyInactive
              ? `Everything ${data.user.name} owns, authors, reviews, approves and must read. ${data.user.name} is already inactive; on confirmation it is handed over.`
              : `Everything ${data.user.name} owns, authors, reviews, approves and must read. On confirmation it is handed over and ${data.user.name} is deactivated.`}
          </Text>
          <Title order={2} size="h4">
            Assignments
          </Title>
          <ItemsTable caption="Items" items={data.items} />
          <Title order={2} size="h4">
            Open tasks
          </Title>
          {data.open_tasks.length === 0 ? (
            <Text c="dimmed">No open tasks.</Text>
          ) : (
            <Table striped withTableBorder>
              <caption style={{ captionSide: 'top', textAlign: 'left' }}>Open tasks</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Task</Table.Th>
                  <Table.Th>P&P</Table.Th>
                  <Table.Th>Due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.open_tasks.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.kind_label}</Table.Td>
                    <Table.Td>{t.pnp_name}</Table.Td>
                    <Table.Td>{t.due_dt ? formatDisplayDate(t.due_dt) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <MultiSelect
            label="Hand over to (users or groups)"
            description={
              data.groups.length
                ? `Proposed: the other members of ${data.groups.map((g) => g.name).join(', ')}`
                : 'Choose who takes over'
            }
            searchable
            data={options}
            value={targets}
            onChange={setTargets}
            error={
              chosenWithNobody.length > 0
                ? chosenWithNobody.map((g) => `${g.name} has ${nobodyActiveIn(g)} and cannot take over.`).join(' ')
                : undefined
            }
          />
          {errors.length > 0 && (
            <Alert color="red" title="Nothing was changed">
              <List>
                {errors.map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Button
            w="fit-content"
            color="red"
            disabled={targets.length === 0 || chosenWithNobody.length > 0}
            loading={confirm.isPending}
            onClick={() => void askThenHandOver()}
          >
            {actionLabel}
          </Button>
        </Stack>
      )}
    </Page>
  );
}
