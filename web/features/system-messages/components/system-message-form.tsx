import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SystemMessage, SystemMessageInput } from '../../../../shared/api/system-messages';
import { formatIsoDate } from '../../../../shared/domain/dates';
import { Messages } from '../../../../shared/domain/messages';
import { DateInput } from '../../../components/date-input';
import { stopIfUnreadable } from '../../../lib/form-validity';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { systemMessageKeys, systemMessagesAdminApi } from '../api/admin-system-messages';

type Location = SystemMessageInput['location'];

interface Draft {
  message: string;
  location: Location;
  startDate: string | null;
  startTime: string;
  endDate: string | null;
  endTime: string;
}

function today(offsetDays = 0): string {
  const now = new Date(Date.now() + offsetDays * 86_400_000);
  return formatIsoDate({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() });
}

const emptyDraft = (): Draft => ({
  message: '',
  location: 'Application',
  startDate: today(),
  startTime: '00:00',
  endDate: today(7),
  endTime: '23:59',
});

/** An existing message's window, shown in UTC like it was entered. */
const draftOf = (m: SystemMessage): Draft => ({
  message: m.message,
  location: m.location,
  startDate: new Date(m.start_datetime).toISOString().slice(0, 10),
  startTime: new Date(m.start_datetime).toISOString().slice(11, 16),
  endDate: new Date(m.end_datetime).toISOString().slice(0, 10),
  endTime: new Date(m.end_datetime).toISOString().slice(11, 16),
});

/** Date and time are entered in the application's time zone, UTC (spec §9). */
const toIso = (date: string | null, time: string): string | null =>
  date && /^\d{2}:\d{2}$/.test(time) ? `${date}T${time}:00.000Z` : null;

/**
 * Creates a system message (text, where it shows, its time window) or, given `editing`, changes
 * one; the caller remounts it (key) per message so the draft starts from that message.
 */
export function SystemMessageForm({
  opened,
  onClose,
  editing = null,
}: {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly editing?: SystemMessage | null;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : emptyDraft()));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const create = useMutation({
    mutationFn: (input: SystemMessageInput) =>
      editing ? systemMessagesAdminApi.update({ id: editing.id, input }) : systemMessagesAdminApi.create(input),
    onSuccess: async () => {
      toasts.success(editing ? Messages.recordUpdated : Messages.recordCreated);
      setDraft(emptyDraft());
      onClose();
      await queryClient.invalidateQueries({ queryKey: systemMessageKeys.all });
    },
    onError: async (error) => {
      if (!(error instanceof ApiError) || error.handled) return;
      for (const message of error.errors) toasts.danger(message);
      // Gone meanwhile: the dialog keeps the text, and the list stops showing the message.
      if (error.status === 404) await queryClient.invalidateQueries({ queryKey: systemMessageKeys.all });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    // A date typed that is not one keeps its message and stops the form (never the last good value).
    if (stopIfUnreadable(event)) return;
    const start = toIso(draft.startDate, draft.startTime);
    const end = toIso(draft.endDate, draft.endTime);
    const next: Partial<Record<keyof Draft, string>> = {
      message: draft.message.trim() === '' ? 'Message is required' : undefined,
      startDate: start ? undefined : 'Start date and time are required',
      endDate: !end
        ? 'End date and time are required'
        : start && end <= start
          ? 'The end must be after the start'
          : undefined,
    };
    setErrors(next);
    if (next.message || next.startDate || next.endDate || !start || !end) return;
    create.mutate({
      message: draft.message.trim(),
      location: draft.location,
      start_datetime: start,
      end_datetime: end,
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{editing ? 'Edit system message' : 'New system message'}</Text>}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={draft.message}
            error={errors.message}
            onChange={(event) => setDraft((d) => ({ ...d, message: event.currentTarget.value }))}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="system-message-location">
              Shown on
            </Text>
            <SegmentedControl
              aria-labelledby="system-message-location"
              value={draft.location}
              onChange={(value) => setDraft((d) => ({ ...d, location: value }))}
              data={[
                { value: 'Login', label: 'Sign-in screen' },
                { value: 'Application', label: 'Application' },
              ]}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateInput
              label="Start date (UTC)"
              required
              value={draft.startDate}
              error={errors.startDate}
              onChange={(v) => setDraft((d) => ({ ...d, startDate: v }))}
            />
            <TextInput
              label="Start time (UTC)"
              type="time"
              required
              value={draft.startTime}
              onChange={(e) => setDraft((d) => ({ ...d, startTime: e.currentTarget.value }))}
            />
            <DateInput
              label="End date (UTC)"
              required
              value={draft.endDate}
              minDate={draft.startDate ?? undefined}
              error={errors.endDate}
              onChange={(v) => setDraft((d) => ({ ...d, endDate: v }))}
            />
            <TextInput
              label="End time (UTC)"
              type="time"
              required
              value={draft.endTime}
              onChange={(e) => setDraft((d) => ({ ...d, endTime: e.currentTarget.value }))}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {editing ? 'Save changes' : 'Create message'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
