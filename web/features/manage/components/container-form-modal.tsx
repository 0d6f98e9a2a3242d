import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ContainerName } from '../../../../shared/api/containers';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../shared/domain/limits';

export interface ContainerFormValues {
  readonly name: string;
  readonly description: string | null;
}

export interface ContainerFormModalProps {
  readonly title: string;
  readonly actionLabel: string;
  readonly initial: ContainerFormValues;
  readonly busy: boolean;
  readonly onSubmit: (values: ContainerFormValues) => void;
  readonly onClose: () => void;
}

/** Name (spec §5 'name': no angle brackets) and description of a binder or folder, for create and rename. */
export function ContainerFormModal({ title, actionLabel, initial, busy, onSubmit, onClose }: ContainerFormModalProps) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContainerName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name is invalid.');
      return;
    }
    if (/[<>]/.test(description)) {
      setError(null);
      return;
    }
    onSubmit({ name: parsed.data, description: description.trim() === '' ? null : description });
  };
  const descriptionError = /[<>]/.test(description) ? 'Description must not contain angle brackets (< or >).' : null;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={NAME_MAX_LENGTH + 1}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
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
            <Button variant="default" onClick={onClose}>
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
