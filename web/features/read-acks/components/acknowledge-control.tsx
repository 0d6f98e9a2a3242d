import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatDisplayDate } from '../../../lib/format';
import { markAsRead, readAckKeys, userHasAcknowledged } from '../api/read-acks-api';
import { showErrors } from '../../../lib/show-errors';

/** What the reader has just acknowledged here, to confirm it. */
interface Acknowledged {
  readonly id: number;
  readonly name: string | null;
  readonly at: string;
}

/**
 * For a reader with an open Acknowledge task on this P&P: 'Acknowledge', enabled once the reader
 * has opened the current version since the request (the library's reading view records the
 * opening). With several requests for the version the one due first is asked for, and acknowledging
 * it answers them all (ADR 0032); one that arrives meanwhile is asked for straight away, so that the
 * confirmation never reads as if nothing were left to do. Nothing is shown to anyone else.
 */
export function AcknowledgeControl({ orgId, pnpId }: { readonly orgId: string; readonly pnpId: number }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: readAckKeys.mine(orgId, pnpId),
    queryFn: () => userHasAcknowledged(orgId, pnpId),
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Acknowledged | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  // The Acknowledge button the reader pressed is gone once the answer comes: focus moves to the
  // confirmation, so that a keyboard user keeps their place and a screen reader says what happened.
  useEffect(() => {
    if (done) confirmationRef.current?.focus();
  }, [done]);
  const mine = query.data;
  // Until the answer is read again it still names the one just acknowledged.
  const pending =
    mine?.pending && mine.read_acknowledgement_id !== null && mine.read_acknowledgement_id !== done?.id ? mine : null;

  const confirmation = done && (
    <Alert ref={confirmationRef} tabIndex={-1} color="green" variant="light" role="status" title="Acknowledged">
      {pending
        ? `You acknowledged ${done.name ?? 'a read acknowledgement'} on ${formatDisplayDate(done.at)}. Another read acknowledgement of this P&P is waiting for you.`
        : `You acknowledged that you have read this P&P on ${formatDisplayDate(done.at)}.`}
    </Alert>
  );
  if (!pending || pending.read_acknowledgement_id === null) return confirmation ?? null;
  const id = pending.read_acknowledgement_id;
  const acknowledge = async (): Promise<void> => {
    setBusy(true);
    try {
      const res = await markAsRead(orgId, pnpId, id);
      // The next request, if any, is read before the confirmation shows, so both come together.
      await queryClient.invalidateQueries({ queryKey: readAckKeys.all(orgId, pnpId) });
      setDone({ id, name: pending.name, at: res.acknowledged_at });
    } catch (error) {
      showErrors(error);
      await query.refetch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      {confirmation}
      <Alert color="blue" variant="light" title="Read acknowledgement requested">
        <Stack gap="xs">
          <Text size="sm">
            {`${pending.name ?? 'A read acknowledgement'}: please read this P&P and acknowledge it${
              pending.due_date ? ` by ${formatDisplayDate(pending.due_date)}` : ''
            }.`}
          </Text>
          <Group gap="sm">
            <Button
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={!pending.opened}
              loading={busy}
              onClick={() => void acknowledge()}
            >
              Acknowledge
            </Button>
            {!pending.opened && (
              <Text size="sm" c="dimmed">
                Open the document before you acknowledge it.
              </Text>
            )}
          </Group>
        </Stack>
      </Alert>
    </Stack>
  );
}
