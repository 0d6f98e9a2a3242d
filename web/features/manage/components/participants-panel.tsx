import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRestore, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  PARTICIPANTS_CHANGED_MESSAGE,
  participantKeyLabel,
  type Participant,
  type ParticipantKey,
  type Participants,
  type SetParticipantsBody,
  type SubjectRef,
} from '../../../../shared/api/access';
import { MAX_APPROVAL_STEPS } from '../../../../shared/domain/roles';
import { Messages } from '../../../../shared/domain/messages';
import { confirm } from '../../../components/confirmation-modal';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { isStaleSave } from '../../../lib/stale-save';
import { fetchParticipants } from '../api/fetch-participants';
import { manageKeys } from '../api/manage-keys';
import { resetToParent } from '../api/reset-to-parent';
import { setParticipants } from '../api/set-participants';
import { visibleApproverKeys, withAdded, withRemoved } from '../tree/participant-lists';
import { showFailure } from './show-failure';
import { SubjectIcon, SubjectPicker } from './subject-picker';

const KIND: Record<1 | 2 | 3, string> = { 1: 'binder', 2: 'folder', 3: 'P&P' };

function ParticipantRow({
  participant,
  label,
  editable,
  busy,
  onRemove,
}: {
  readonly participant: Participant;
  readonly label: string;
  readonly editable: boolean;
  /** A change is being saved: another made now would be computed from lists about to change. */
  readonly busy: boolean;
  readonly onRemove: () => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="participant">
      <SubjectIcon type={participant.type} />
      <Text size="sm" truncate>
        {participant.name}
      </Text>
      {participant.inherited && (
        <Badge size="xs" variant="light" color="gray" title={`Inherited from ${participant.source.name}`}>
          Inherited from {participant.source.name}
        </Badge>
      )}
      {editable && (
        <Tooltip label="Remove">
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label={`Remove ${participant.name} from ${label}`}
            disabled={busy}
            onClick={onRemove}
          >
            <IconX size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function RoleSection({
  orgId,
  keyName,
  data,
  error,
  busy,
  onChange,
}: {
  readonly orgId: string;
  readonly keyName: ParticipantKey;
  readonly data: Participants;
  /**
   * A change is being saved. Each change sends every list as this screen last had them, so one made
   * meanwhile would undo it (a removed person put back): the lists wait until it has landed.
   */
  readonly busy: boolean;
  /** What the server refused in the last change of this list, shown under it. */
  readonly error?: string;
  readonly onChange: (lists: SetParticipantsBody['participants']) => void;
}) {
  const label = participantKeyLabel(keyName);
  const list = data.participants[keyName];
  const editable = data.abilities.edit;
  return (
    <Stack gap={4} component="section" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {list.length === 0 && (
        <Text size="xs" c="dimmed">
          Nobody
        </Text>
      )}
      {list.map((p) => (
        <ParticipantRow
          key={`${p.type}:${p.id}`}
          participant={p}
          label={label}
          editable={editable}
          busy={busy}
          onRemove={() => onChange(withRemoved(data.participants, keyName, { type: p.type, id: p.id }))}
        />
      ))}
      {editable && (
        <SubjectPicker
          orgId={orgId}
          label={`Add to ${label}`}
          busy={busy}
          onPick={(subject: SubjectRef) => onChange(withAdded(data.participants, keyName, subject))}
        />
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Owners, authors, reviewers, audience and approvers by step of a binder, folder or P&P (spec §3). */
export function ParticipantsPanel({
  orgId,
  objectType,
  objectId,
}: {
  readonly orgId: string;
  readonly objectType: 1 | 2 | 3;
  readonly objectId: number;
}) {
  const queryClient = useQueryClient();
  const key = manageKeys.participants(orgId, objectType, objectId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchParticipants(orgId, objectType, objectId) });
  const [openedSteps, setOpenedSteps] = useState(1);
  const refresh = async (data: Participants) => {
    queryClient.setQueryData(key, data);
    // The tree (own-access marks) and every participant list below this node may have changed.
    const isThis = (k: readonly unknown[]) => k[2] === 'participants' && k[3] === objectType && k[4] === objectId;
    await queryClient.invalidateQueries({ queryKey: manageKeys.all(orgId), predicate: (q) => !isThis(q.queryKey) });
  };
  // A refused change is shown under the list that was changed, not only as a toast.
  const [refused, setRefused] = useState<{ key: ParticipantKey; message: string } | null>(null);
  // A refused Reset to Parent (it would take the node away from the caller) is shown under its button.
  const [resetRefused, setResetRefused] = useState<string | null>(null);
  // The last change was made from participants someone else has changed since (409).
  const [stale, setStale] = useState(false);
  const clearRefusals = () => {
    setRefused(null);
    setResetRefused(null);
    setStale(false);
  };
  /**
   * Each change here is saved at once, so nothing the user chose is kept back: the participants are
   * loaded again as they are now (with the tree's marks), and the user makes their change from those.
   */
  const reloadAfterStale = async () => {
    setStale(true);
    await queryClient.invalidateQueries({ queryKey: manageKeys.all(orgId) });
  };
  const save = useMutation({
    mutationFn: ({
      lists,
      version,
    }: {
      key: ParticipantKey;
      lists: SetParticipantsBody['participants'];
      version: string;
    }) =>
      setParticipants(orgId, objectId, { object_type: objectType, participants: lists, participants_version: version }),
    onMutate: clearRefusals,
    onSuccess: async (data) => {
      toasts.success(Messages.recordUpdated);
      await refresh(data);
    },
    onError: async (error, { key: changed }) => {
      if (isStaleSave(error, PARTICIPANTS_CHANGED_MESSAGE)) await reloadAfterStale();
      else if (error instanceof ApiError && error.status === 422 && error.errors.length)
        setRefused({ key: changed, message: error.errors.join(' ') });
      else showFailure(error, 'update');
    },
  });
  const sectionOf = (k: ParticipantKey) => (
    <RoleSection
      key={k}
      orgId={orgId}
      keyName={k}
      data={data}
      error={refused?.key === k ? refused.message : undefined}
      busy={save.isPending || reset.isPending}
      onChange={(lists) => save.mutate({ key: k, lists, version: data.participants_version })}
    />
  );
  // The Reset to Parent button goes once the node inherits again: the keyboard, which was on it, is
  // given to the Participants heading above the lists (it was left at the top of the page).
  const heading = useRef<HTMLHeadingElement>(null);
  const reset = useMutation({
    mutationFn: ({ subtree, version }: { subtree: boolean; version: string }) =>
      resetToParent(orgId, objectId, { object_type: objectType, subtree, participants_version: version }),
    onMutate: clearRefusals,
    onSuccess: async (data) => {
      toasts.success(Messages.recordUpdated);
      heading.current?.focus();
      await refresh(data);
    },
    onError: async (error) => {
      if (isStaleSave(error, PARTICIPANTS_CHANGED_MESSAGE)) await reloadAfterStale();
      else if (error instanceof ApiError && error.status === 422 && error.errors.length)
        setResetRefused(error.errors.join(' '));
      else showFailure(error, 'update');
    },
  });

  if (query.isPending) return <LoadingIndicator compact />;
  if (!query.data) {
    const reason = query.error instanceof ApiError && query.error.errors[0];
    return <Text size="sm">{reason || 'The participants could not be loaded.'}</Text>;
  }
  const data = query.data;
  const kind = KIND[data.object_type];
  const approverKeys = visibleApproverKeys(data.participants, openedSteps);

  const askReset = async () => {
    const answer = await confirm({
      title: 'Reset to Parent',
      content: `Remove the participants of ${kind} ${data.name} and inherit them from its parent again?`,
      subText: 'Everyone listed here loses the roles given on this item itself.',
      checkboxLabel: data.object_type === 3 ? undefined : 'Also reset every folder and P&P inside it',
      actionLabel: 'Reset to Parent',
      theme: 'warning',
    });
    if (answer) reset.mutate({ subtree: answer.checked, version: data.participants_version });
  };

  return (
    <Stack gap="sm" aria-busy={save.isPending || reset.isPending}>
      <Group justify="space-between" align="center">
        <Title order={3} size="h5" ref={heading} tabIndex={-1}>
          Participants
        </Title>
        {data.abilities.edit && !data.inherits_access && data.has_parent && (
          <Button size="xs" variant="light" leftSection={<IconRestore size={14} />} onClick={() => void askReset()}>
            Reset to Parent
          </Button>
        )}
      </Group>
      {resetRefused && (
        <Text size="xs" c="red.8" role="alert">
          {resetRefused}
        </Text>
      )}
      {stale && (
        <Alert
          variant="light"
          color="red"
          p="xs"
          role="alert"
          title="Your change was not saved"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setStale(false)}
        >
          <Text size="sm">
            Someone else changed these participants since you opened them. They are shown below as they are now: make
            your change again if it is still needed.
          </Text>
        </Alert>
      )}
      {data.inherits_access && data.inherited_from && (
        <Alert variant="light" color="blue" p="xs">
          <Text size="sm">
            Inherited from {data.inherited_from.name}.
            {data.abilities.edit ? ` A change here gives this ${kind} its own participants.` : ''}
          </Text>
        </Alert>
      )}
      {data.inherits_access && !data.inherited_from && (
        <Text size="sm" c="dimmed">
          No participants yet.
        </Text>
      )}
      {!data.inherits_access && data.has_parent && (
        <Text size="sm" c="dimmed">
          This {kind} has its own participants.
        </Text>
      )}
      {(['owners', 'authors', 'reviewers', 'audience'] as const).map(sectionOf)}
      {approverKeys.map(sectionOf)}
      {data.abilities.edit && approverKeys.length < MAX_APPROVAL_STEPS && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => setOpenedSteps(approverKeys.length + 1)}
          w="fit-content"
        >
          Add Approval Step
        </Button>
      )}
    </Stack>
  );
}
