import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  TASK_ACTION_LABELS,
  type Task,
  type TaskAction,
  type TaskActionBody,
  type TaskActionResult,
} from '../../../../shared/api/tasks';
import { formatDisplayDate, formatIsoDate } from '../../../../shared/domain/dates';
import { Messages } from '../../../../shared/domain/messages';
import {
  addDays,
  addYears,
  effectiveDateError,
  isoToCalendar,
  reviewDatesFor,
  type ReminderDays,
  type ReviewCycleYears,
} from '../../../../shared/domain/review-dates';
import { DateInput } from '../../../components/date-input';
import { ApiError } from '../../../lib/api-client';
import { ActionDialog } from '../../pnps/components/action-dialog';
import { PublishFields, publishReady, type PublishValue } from '../../pnps/components/publish-fields';
import { ReadAcksCancelledNotice } from '../../pnps/components/read-acks-cancelled-notice';
import { actOnTask } from '../api/tasks-api';
import { useFocusBackOnUnmount } from '../../../lib/focus-back';

const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** The review and reminder dates an Extend gives: the review date moved on by the cycle. */
export function extendedDates(task: Pick<Task, 'review_dt' | 'review_cycle_years' | 'reminder_days'>, today: string) {
  const base = isoToCalendar(task.review_dt) ?? isoToCalendar(today)!;
  const review = addYears(base, task.review_cycle_years ?? 1);
  return { review_dt: formatIsoDate(review), reminder_dt: formatIsoDate(addDays(review, -(task.reminder_days ?? 30))) };
}

const COPY: Record<TaskAction, { title: string; message: (t: Task) => string; colour?: string }> = {
  Submit: { title: 'Submit', message: (t) => `Submit ${t.pnp_name} for the next stage of its workflow?` },
  Accept: { title: 'Accept Review', message: (t) => `Accept the review of ${t.pnp_name}?` },
  Decline: {
    title: 'Decline',
    message: (t) => `Decline ${t.pnp_name}? The draft goes back to Authoring and every sign-off is cleared.`,
    colour: 'red',
  },
  Approve: { title: 'Approve', message: (t) => `Approve ${t.pnp_name}${t.stage_label ? ` (${t.stage_label})` : ''}?` },
  Publish: { title: 'Publish', message: (t) => `Publish ${t.pnp_name} with these dates.` },
  SendToAuthors: {
    title: 'Send to Authors',
    message: (t) => `Send ${t.pnp_name} back to its authors? The draft returns to Authoring.`,
  },
  StartReview: {
    title: 'Start Review',
    message: (t) => `Start a review of ${t.pnp_name}? A new draft of it is made in Authoring.`,
  },
  Extend: { title: 'Extend', message: (t) => `Mark ${t.pnp_name} as reviewed with no changes?` },
};

function errorsOf(error: unknown): string[] {
  if (error instanceof ApiError) return error.errors.length > 0 ? [...error.errors] : [Messages.unexpectedError];
  return [Messages.unexpectedError];
}

/**
 * One task's action, confirmed in a dialog: a decline asks for its comment, publishing for its
 * dates, Send to Authors for an optional target effective date. A refusal or a failure is shown with
 * its text in the dialog, which keeps the comment typed.
 */
export function TaskActionDialog({
  orgId,
  task,
  action,
  onClose,
  onDone,
}: {
  readonly orgId: string;
  readonly task: Task;
  readonly action: TaskAction;
  readonly onClose: () => void;
  readonly onDone: (result: TaskActionResult) => void;
}) {
  useFocusBackOnUnmount();
  const today = todayIso();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [publish, setPublish] = useState<PublishValue>({
    effectiveDt: task.effective_dt,
    reviewCycleYears: task.review_cycle_years,
    reminderDays: task.reminder_days,
  });
  const [effectiveDate, setEffectiveDate] = useState<string | null>(null);
  const copy = COPY[action];
  // Send to Authors' target date follows the rule the server holds it to (never before the P&P's
  // origination date), said at the field; the dialog's action stops at an invalid field.
  const targetDateError =
    action === 'SendToAuthors' && effectiveDate ? effectiveDateError(effectiveDate, task.origination_dt) : null;

  const bodyOf = (comment: string): TaskActionBody => {
    const base: TaskActionBody = { task_action: action, ...(comment ? { comment } : {}) };
    if (action === 'Publish' && publishReady(publish)) {
      const derived = reviewDatesFor(
        publish.effectiveDt!,
        publish.reviewCycleYears as ReviewCycleYears,
        publish.reminderDays as ReminderDays,
      );
      return {
        ...base,
        effective_date: publish.effectiveDt!,
        review_cycle_years: publish.reviewCycleYears as ReviewCycleYears,
        reminder_days: publish.reminderDays as ReminderDays,
        ...(derived ? { review_dt: derived.review_dt, reminder_dt: derived.reminder_dt } : {}),
      };
    }
    if (action === 'SendToAuthors' && effectiveDate) return { ...base, effective_date: effectiveDate };
    return base;
  };

  const confirm = async (comment: string): Promise<void> => {
    setBusy(true);
    setErrors([]);
    try {
      onDone(await actOnTask(orgId, task.id, bodyOf(comment)));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Whatever the failure, the dialog stays with what the user typed, the reason in it, to try again.
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  const extended = action === 'Extend' ? extendedDates(task, today) : null;
  return (
    <ActionDialog
      opened
      title={copy.title}
      message={
        task.for_user_name
          ? `${copy.message(task)} You act for ${task.for_user_name}, who is away.`
          : copy.message(task)
      }
      actionLabel={TASK_ACTION_LABELS[action]}
      {...(copy.colour ? { colour: copy.colour } : {})}
      comment={{ label: 'Comment', required: action === 'Decline' }}
      busy={busy}
      actionDisabled={action === 'Publish' && !publishReady(publish)}
      onClose={onClose}
      onConfirm={(comment) => void confirm(comment)}
    >
      <Stack gap="sm">
        {errors.length > 0 && (
          <Alert color="red" variant="light" title="The task was not completed" role="alert">
            {errors.map((e) => (
              <Text key={e} size="sm">
                {e}
              </Text>
            ))}
          </Alert>
        )}
        {action === 'Publish' && (
          <PublishFields value={publish} onChange={setPublish} today={today} originationDt={task.origination_dt} />
        )}
        {action === 'Publish' && <ReadAcksCancelledNotice orgId={orgId} pnpId={task.pnp_id} />}
        {action === 'SendToAuthors' && (
          <DateInput
            label="Effective Date"
            description="The target effective date of the next version (optional)."
            value={effectiveDate}
            onChange={setEffectiveDate}
            {...(targetDateError ? { error: targetDateError } : {})}
          />
        )}
        {extended && (
          <Stack gap={2} data-testid="extend-dates">
            <Text size="sm">
              Review Date: {formatDisplayDate(task.review_dt)} → {formatDisplayDate(extended.review_dt)}
            </Text>
            <Text size="sm">
              Reminder Date: {formatDisplayDate(task.reminder_dt)} → {formatDisplayDate(extended.reminder_dt)}
            </Text>
          </Stack>
        )}
      </Stack>
    </ActionDialog>
  );
}
