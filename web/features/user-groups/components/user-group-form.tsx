import { Alert, Button, Group, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ValidationPatterns } from '../../../../shared/domain/validation';
import { noAngleBrackets } from '../../../../shared/domain/validation-messages';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { MembersPicker, type PickedMember } from './members-picker';

export interface GroupFormValues {
  readonly name: string;
  readonly description: string;
  readonly members: readonly PickedMember[];
}

/** What the form checks before sending (the server checks the same, and uniqueness). */
function nameError(name: string): string | null {
  if (name.trim() === '') return 'Name is required.';
  if (!ValidationPatterns.name.test(name)) return noAngleBrackets('Name');
  return null;
}
const descriptionError = (text: string): string | null =>
  ValidationPatterns.generic.test(text) ? null : noAngleBrackets('Description');

/** Name, description and members of a group: the new and edit screens. */
export function UserGroupForm({
  orgId,
  initial,
  submitLabel,
  saving,
  errors,
  onReload,
  onSubmit,
  onCancel,
}: {
  readonly orgId: string;
  readonly initial: GroupFormValues;
  readonly submitLabel: string;
  readonly saving: boolean;
  /** The server's refusal, shown above the form. */
  readonly errors: readonly string[];
  /** Offered when the save was refused as stale: start over from the group as it is now. */
  readonly onReload?: () => void;
  /** Settles when the save is done: the screen moves on when it succeeded and shows `errors` when not. */
  readonly onSubmit: (values: GroupFormValues) => Promise<unknown>;
  readonly onCancel: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [members, setMembers] = useState<PickedMember[]>([...initial.members]);
  const [touched, setTouched] = useState(false);
  const dirty =
    name !== initial.name ||
    description !== initial.description ||
    members.length !== initial.members.length ||
    members.some((m, i) => m.id !== initial.members[i]?.id);
  const guard = useUnsavedChangesGuard(dirty);
  const nameProblem = touched ? nameError(name) : null;
  const descriptionProblem = touched ? descriptionError(description) : null;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setTouched(true);
    if (nameError(name) || descriptionError(description)) return;
    // A successful save moves on to the group's page: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    onSubmit({ name: name.trim(), description, members }).catch(() => guard.askBeforeLeaving());
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <form onSubmit={submit} noValidate aria-label="Group">
        <Stack gap="md">
          {errors.length > 0 && (
            <Alert color="red" title="The group was not saved" role="alert">
              <Stack gap={4}>
                {errors.map((e) => (
                  <div key={e}>{e}</div>
                ))}
                {onReload && (
                  <Group>
                    <Button variant="default" size="xs" onClick={onReload}>
                      Reload
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            maxLength={255}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={nameProblem}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={4000}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={descriptionProblem}
          />
          <MembersPicker orgId={orgId} value={members} onChange={setMembers} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                // Cancel is the user's own choice to drop what they typed.
                guard.leaveWithoutAsking();
                onCancel();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
