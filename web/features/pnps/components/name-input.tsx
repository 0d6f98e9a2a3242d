import { TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { NAME_MAX_LENGTH } from '../../../../shared/domain/limits';
import { descriptionProblem, nameProblem } from './field-checks';

/**
 * The name of a P&P: a counter as the user types, the limit and the pattern checked at once (the
 * 'required' message waits for a touch or a submit attempt).
 */
export function NameInput({
  value,
  onChange,
  showRequired,
  label = 'Name',
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The user has left the field or tried to go on. */
  readonly showRequired: boolean;
  readonly label?: string;
}) {
  const [left, setLeft] = useState(false);
  const problem = nameProblem(value);
  const error = problem === 'Name is required.' && !showRequired && !left ? undefined : problem;
  const length = value.trim().length;
  return (
    <TextInput
      label={label}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={() => setLeft(true)}
      error={error}
      description={`${length} / ${NAME_MAX_LENGTH} characters`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/** The description of a P&P, checked as the user types. */
export function DescriptionInput({
  value,
  onChange,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <Textarea
      label="Description"
      autosize
      minRows={2}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={descriptionProblem(value)}
    />
  );
}
