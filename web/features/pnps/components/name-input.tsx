import { TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../shared/domain/limits';
import { matchesPattern } from '../../../../shared/domain/validation';

/**
 * What is wrong with a P&P name, in the server's own sentences (shared/api/pnps PnpName): required,
 * at most NAME_MAX_LENGTH characters, no angle brackets (spec §5 'name').
 */
export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Name is required.';
  if (name.trim().length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters.`;
  if (!matchesPattern('name', name)) return 'Name must not contain < or >.';
  return undefined;
}

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

/** What is wrong with a P&P description, in the server's sentences (optional, bounded, no angle brackets). */
export function descriptionProblem(description: string): string | undefined {
  if (description.length > DESCRIPTION_MAX_LENGTH)
    return `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`;
  if (!matchesPattern('generic', description)) return 'Description must not contain < or >.';
  return undefined;
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
