import { SimpleGrid, Stack, Textarea } from '@mantine/core';
import { effectiveDateError } from '../../../../shared/domain/review-dates';
import { DateInput } from '../../../components/date-input';
import { ReviewCycleFields } from './review-cycle-fields';

export interface DocumentDetails {
  readonly notes: string;
  readonly originationDt: string | null;
  readonly effectiveDt: string | null;
  readonly reviewCycleYears: number | null;
  readonly reminderDays: number | null;
}

export const EMPTY_DETAILS: DocumentDetails = {
  notes: '',
  originationDt: null,
  effectiveDt: null,
  reviewCycleYears: null,
  reminderDays: null,
};

/** The document details of a new draft: notes, origination date, target effective date, review cycle. */
export function DocumentDetailsFields({
  value,
  onChange,
  today,
}: {
  readonly value: DocumentDetails;
  readonly onChange: (v: DocumentDetails) => void;
  readonly today: string;
}) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput
          label="Origination Date"
          value={value.originationDt}
          maxDate={today}
          onChange={(originationDt) => onChange({ ...value, originationDt })}
        />
        <DateInput
          label="Target Effective Date"
          description="Proposed; the date is set when the version is published."
          value={value.effectiveDt}
          error={effectiveDateError(value.effectiveDt, value.originationDt) ?? undefined}
          onChange={(effectiveDt) => onChange({ ...value, effectiveDt })}
        />
      </SimpleGrid>
      <ReviewCycleFields value={value} onChange={(v) => onChange({ ...value, ...v })} />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        value={value.notes}
        onChange={(e) => onChange({ ...value, notes: e.currentTarget.value })}
      />
    </Stack>
  );
}

/** The `document` part of POST pnps. */
export function documentBody(d: DocumentDetails) {
  return {
    ...(d.notes.trim() ? { notes: d.notes.trim() } : {}),
    ...(d.originationDt ? { origination_dt: d.originationDt } : {}),
    ...(d.effectiveDt ? { effective_dt: d.effectiveDt } : {}),
    ...(d.reviewCycleYears ? { review_cycle_years: d.reviewCycleYears as 1 | 2 | 3 } : {}),
    ...(d.reminderDays ? { reminder_days: d.reminderDays as 30 | 60 | 90 | 180 } : {}),
  };
}
