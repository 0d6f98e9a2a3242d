import { REASSIGNMENT_TYPE_LABELS, type ReassignmentType } from '../../../shared/api/user-bulk-assign';
import type { Executor } from '../../db/client';
import { enqueueMail } from '../../platform/mailer';

const items = (n: number): string => `${n} ${n === 1 ? 'item' : 'items'}`;

/** Tells the org admin who confirmed a bulk assignment that it is complete, or why it was not done. */
export async function mailOutcome(
  db: Executor,
  orgId: number,
  to: string,
  run: { type: ReassignmentType; sourceName: string; itemCount: number; error: string | null },
): Promise<void> {
  const what = `${REASSIGNMENT_TYPE_LABELS[run.type]} (${run.sourceName})`;
  await enqueueMail(
    db,
    run.error === null
      ? {
          orgId,
          to,
          subject: 'Your bulk assignment is complete',
          text: `${what} on ${items(run.itemCount)} is complete. The change log of each item records the change.`,
        }
      : {
          orgId,
          to,
          subject: 'Your bulk assignment was not done',
          text: `${what} on ${items(run.itemCount)} was not done, and nothing was changed:\n\n${run.error}`,
        },
  );
}
