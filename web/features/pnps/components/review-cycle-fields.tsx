import { Group, Select } from '@mantine/core';
import { REMINDER_DAYS_BEFORE, REVIEW_CYCLE_YEARS } from '../../../../shared/domain/limits';

export const CYCLE_OPTIONS = REVIEW_CYCLE_YEARS.map((y) => ({
  value: String(y),
  label: y === 1 ? '1 year' : `${y} years`,
}));
export const REMINDER_OPTIONS = REMINDER_DAYS_BEFORE.map((d) => ({ value: String(d), label: `${d} days before` }));

export interface ReviewCycleValue {
  readonly reviewCycleYears: number | null;
  readonly reminderDays: number | null;
}

/** Review cycle (1, 2 or 3 years) and reminder (30, 60, 90 or 180 days before the review), spec §9. */
export function ReviewCycleFields({
  value,
  onChange,
  required = false,
}: {
  readonly value: ReviewCycleValue;
  readonly onChange: (value: ReviewCycleValue) => void;
  readonly required?: boolean;
}) {
  return (
    <Group grow align="flex-start">
      <Select
        label="Review Cycle"
        placeholder="Choose"
        required={required}
        data={CYCLE_OPTIONS}
        value={value.reviewCycleYears === null ? null : String(value.reviewCycleYears)}
        onChange={(v) => onChange({ ...value, reviewCycleYears: v ? Number(v) : null })}
        clearable={!required}
        allowDeselect={!required}
      />
      <Select
        label="Reminder"
        placeholder="Choose"
        required={required}
        data={REMINDER_OPTIONS}
        value={value.reminderDays === null ? null : String(value.reminderDays)}
        onChange={(v) => onChange({ ...value, reminderDays: v ? Number(v) : null })}
        clearable={!required}
        allowDeselect={!required}
      />
    </Group>
  );
}
