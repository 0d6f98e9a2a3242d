import '@mantine/dates/styles.css';
import { ActionIcon, Group, NativeSelect, Popover, Stack, TextInput } from '@mantine/core';
import { DatesProvider, Month } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  checkMinMax,
  compareDates,
  FIRST_DAY_OF_WEEK,
  formatDisplayDate,
  formatIsoDate,
  isSelectable,
  parseDate,
  SUPPORTED_MAX_DATE,
  SUPPORTED_MIN_DATE,
  toCalendarDate,
  validateDateText,
  yearList,
  type CalendarDate,
  type DateTextProblem,
} from '../../shared/domain/dates';
import { typedDateValue } from './typed-date';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface DateInputProps {
  readonly label: string;
  /** 'yyyy-mm-dd' or null. */
  readonly value: string | null;
  /**
   * Called with 'yyyy-mm-dd' when the text is a valid, selectable date written out in full, or any
   * valid one when the user presses Enter or leaves the field; with null when the field is emptied.
   * Never with a date still being typed, nor with the value it already has.
   */
  readonly onChange: (value: string | null) => void;
  readonly minDate?: string;
  readonly maxDate?: string;
  /** Dates that may not be chosen (spec §5 "disabled"). */
  readonly isDisabled?: (date: CalendarDate) => boolean;
  readonly required?: boolean;
  readonly description?: string;
  /** An error from the form (e.g. required); the input's own parse errors come first. */
  readonly error?: string;
}

const toDate = (text: string | undefined): CalendarDate | null => (text ? toCalendarDate(parseDate(text)) : null);
const later = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareDates(a, b) >= 0 ? a : b);
const earlier = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareDates(a, b) <= 0 ? a : b);

function problemText(problem: DateTextProblem, min: CalendarDate, max: CalendarDate): string {
  switch (problem) {
    case 'invalid':
      return 'Enter a real date as year-month-day, e.g. 2026-03-31';
    case 'before-min':
      return `The date must be on or after ${formatDisplayDate(formatIsoDate(min))}`;
    case 'after-max':
      return `The date must be on or before ${formatDisplayDate(formatIsoDate(max))}`;
    case 'disabled':
      return 'This date cannot be chosen';
  }
}

function todayUtc(): CalendarDate {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/**
 * Spec §5 and §9: a typed year-month-day field with a calendar (weeks from Monday, six weeks a
 * month, a year list of 10 years around the shown one, or up to 500 with min/max).
 */
export function DateInput({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  isDisabled,
  required,
  description,
  error,
}: DateInputProps) {
  const min = later(toDate(minDate) ?? SUPPORTED_MIN_DATE, SUPPORTED_MIN_DATE);
  const max = earlier(toDate(maxDate) ?? SUPPORTED_MAX_DATE, SUPPORTED_MAX_DATE);
  // A max before the min is a programming error: raise it (spec §5).
  checkMinMax(toDate(minDate), toDate(maxDate));

  const [text, setText] = useState(value ?? '');
  const [opened, setOpened] = useState(false);
  const selected = toDate(value ?? undefined);
  const [shown, setShown] = useState<{ year: number; month: number }>(() => selected ?? todayUtc());
  const yearsId = useId();

  useEffect(() => {
    setText(value ?? '');
  }, [value]);

  const constraints = useMemo(() => ({ minDate: min, maxDate: max, isDisabled }), [min, max, isDisabled]);
  const check = validateDateText(text, constraints);
  const ownError = check.ok ? undefined : problemText(check.problem, min, max);
  const years = yearList(shown.year, toDate(minDate) ? min : null, toDate(maxDate) ? max : null);

  // What is typed reaches the form or filter only once it is a whole date (see typedDateValue).
  const apply = (next: string, typingDone: boolean): void => {
    const typed = typedDateValue(next, constraints, typingDone);
    if (!typed.applies) return;
    // Leaving the field unchanged is no change: a filter would run again, or go back to page 1.
    if (typed.value !== value) onChange(typed.value);
    if (typed.date) {
      setShown(typed.date);
      // '2026-3-5' is shown as the value it gave, 2026-03-05 (also when that was the value already).
      if (typingDone) setText(formatIsoDate(typed.date));
    }
  };

  const type = (next: string): void => {
    setText(next);
    apply(next, false);
  };

  const pick = (iso: string): void => {
    setText(iso);
    apply(iso, true);
    setOpened(false);
  };

  const step = (delta: number): void => {
    const index = shown.year * 12 + (shown.month - 1) + delta;
    setShown({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  };

  return (
    // withRoles off: Mantine would put aria-expanded on the text box, which axe rejects for a textbox;
    // the calendar button carries the popup state instead.
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withRoles={false}>
      <Popover.Target>
        <TextInput
          label={label}
          description={description}
          required={required}
          placeholder="yyyy-mm-dd"
          value={text}
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={() => apply(text, true)}
          onKeyDown={(event) => {
            // Enter may submit the form: the date typed so far is the field's value first.
            if (event.key === 'Enter') apply(text, true);
          }}
          error={ownError ?? error}
          // The typed text is not a date: the form never received it (see lib/form-validity).
          data-entry-invalid={ownError ? 'true' : undefined}
          inputMode="numeric"
          autoComplete="off"
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Choose ${label} from a calendar`}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => setOpened((o) => !o)}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Stack gap="xs">
          <Group gap={4} wrap="nowrap" justify="space-between">
            <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => step(-1)}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <NativeSelect
              aria-label="Month"
              size="xs"
              value={String(shown.month)}
              data={MONTHS.map((name, index) => ({ value: String(index + 1), label: name.slice(0, 3) }))}
              onChange={(event) => setShown((s) => ({ ...s, month: Number(event.currentTarget.value) }))}
            />
            <NativeSelect
              id={yearsId}
              aria-label="Year"
              size="xs"
              value={String(shown.year)}
              data={years.map((year) => String(year))}
              onChange={(event) => setShown((s) => ({ ...s, year: Number(event.currentTarget.value) }))}
            />
            <ActionIcon variant="subtle" aria-label="Next month" onClick={() => step(1)}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <DatesProvider settings={{ firstDayOfWeek: FIRST_DAY_OF_WEEK, consistentWeeks: true }}>
            <Month
              month={formatIsoDate({ year: shown.year, month: shown.month, day: 1 })}
              minDate={formatIsoDate(min)}
              maxDate={formatIsoDate(max)}
              excludeDate={(iso) => {
                const date = toDate(iso);
                return !date || !isSelectable(date, constraints);
              }}
              getDayProps={(iso) => ({
                selected: value === iso,
                onClick: () => pick(iso),
              })}
              getDayAriaLabel={(iso) => formatDisplayDate(iso)}
            />
          </DatesProvider>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
