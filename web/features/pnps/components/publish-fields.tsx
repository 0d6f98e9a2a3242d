import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../shared/domain/dates';
import {
  effectiveDateError,
  isFutureDate,
  reviewDatesFor,
  type ReminderDays,
  type ReviewCycleYears,
} from '../../../../shared/domain/review-dates';
import { DateInput } from '../../../components/date-input';
import { ReviewCycleFields } from './review-cycle-fields';

export interface PublishValue {
  readonly effectiveDt: string | null;
  readonly reviewCycleYears: number | null;
  readonly reminderDays: number | null;
}

export const publishReady = (v: PublishValue): boolean =>
  v.effectiveDt !== null && v.reviewCycleYears !== null && v.reminderDays !== null;

/**
 * Publishing's dates (product rules): the effective date, the review cycle and the reminder; the
 * review and reminder dates follow from them. A future effective date publishes on a schedule.
 */
export function PublishFields({
  value,
  onChange,
  today,
  originationDt = null,
}: {
  readonly value: PublishValue;
  readonly onChange: (v: PublishValue) => void;
  readonly today: string;
  /** The version's origination date: the effective date may not be before it. */
  readonly originationDt?: string | null;
}) {
  const derived =
    value.effectiveDt && value.reviewCycleYears && value.reminderDays
      ? reviewDatesFor(
          value.effectiveDt,
          value.reviewCycleYears as ReviewCycleYears,
          value.reminderDays as ReminderDays,
        )
      : null;
  return (
    <Stack gap="sm">
      <DateInput
        label="Effective Date"
        required
        value={value.effectiveDt}
        error={effectiveDateError(value.effectiveDt, originationDt) ?? undefined}
        onChange={(effectiveDt) => onChange({ ...value, effectiveDt })}
      />
      <ReviewCycleFields value={value} onChange={(v) => onChange({ ...value, ...v })} required />
      <SimpleGrid cols={2}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Review Date
          </Text>
          <Text size="sm" data-testid="derived-review-date">
            {derived ? formatDisplayDate(derived.review_dt) : '—'}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Reminder Date
          </Text>
          <Text size="sm" data-testid="derived-reminder-date">
            {derived ? formatDisplayDate(derived.reminder_dt) : '—'}
          </Text>
        </Stack>
      </SimpleGrid>
      {isFutureDate(value.effectiveDt, today) && (
        <Alert color="blue" variant="light">
          The effective date is in the future: the P&P is published on a schedule and appears in the library from{' '}
          {formatDisplayDate(value.effectiveDt)}.
        </Alert>
      )}
    </Stack>
  );
}
