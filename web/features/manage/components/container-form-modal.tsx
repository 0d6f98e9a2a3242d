import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ContainerName } from '../../../../shared/api/containers';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../shared/domain/limits';
import { noAngleBrackets } from '../../../../shared/domain/validation-messages';
import { stopIfInvalid } from '../../../lib/form-validity';
import { useFocusBackOnUnmount } from '../../../lib/focus-back';

export interface ContainerFormValues {
  readonly name: string;
  readonly description: string | null;
}

/** What the server refused, by field (a 422 of create or rename). */
export interface ContainerFieldErrors {
  readonly name?: string;
  readonly description?: string;
}

export interface ContainerFormModalProps {
  readonly title: string;
  readonly actionLabel: string;
  readonly initial: ContainerFormValues;
  readonly busy: boolean;
  /** Errors the server gave for the last values sent; they stay until the field changes. */
  readonly serverErrors?: ContainerFieldErrors;
  readonly onSubmit: (values: ContainerFormValues) => void;
  readonly onClose: () => void;
}

const DESCRIPTION_ERROR = noAngleBrackets('Description');

/** The name's problem as the user types (spec §5 'name': no angle brackets; NAME_MAX_LENGTH); blank only once tried. */
function nameProblem(name: string, tried: boolean): string | null {
  if (!tried && name.trim() === '') return null;
  const parsed = ContainerName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Name is invalid.');
}

/** Name and description of a binder or folder, for create and rename. An invalid field never submits. */
export function ContainerFormModal({
  title,
  actionLabel,
  initial,
  busy,
  serverErrors,
  onSubmit,
  onClose,
}: ContainerFormModalProps) {
  useFocusBackOnUnmount();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? '');
  const [tried, setTried] = useState(false);
  // A server error belongs to the values it was given for: editing the field clears it.
  const [sent, setSent] = useState<ContainerFormValues | null>(null);
  const stale = (field: keyof ContainerFormValues, value: string) => sent !== null && (sent[field] ?? '') !== value;
  const nameError = nameProblem(name, tried) ?? (stale('name', name.trim()) ? null : (serverErrors?.name ?? null));
  const descriptionError = /[<>]/.test(description)
    ? DESCRIPTION_ERROR
    : stale('description', description)
      ? null
      : (serverErrors?.description ?? null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setTried(true);
    const invalid = stopIfInvalid(event) || nameProblem(name, true) !== null;
    if (invalid || descriptionError) return;
    const values = { name: name.trim(), description: description.trim() === '' ? null : description };
    setSent({ name: values.name, description: description });
    onSubmit(values);
  };
  return (
    // While the save runs the dialog stays: closed then, a refusal would have nowhere to show and the
    // typed name would be lost with it.
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={title}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            description={`${name.trim().length} / ${NAME_MAX_LENGTH} characters`}
            value={name}
            error={nameError}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={description}
            error={descriptionError}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {actionLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
