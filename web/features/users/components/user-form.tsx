import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { NewUserInput, type UserDetail, USER_CHANGED_MESSAGE } from '../../../../shared/api/users';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { formErrorsOf } from '../../../lib/errors-of';
import { isStaleSave } from '../../../lib/stale-save';

export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  title: string;
  is_admin: boolean;
  is_policy_owner: boolean;
  status: 1 | 2;
}

const empty: UserFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  username: '',
  title: '',
  is_admin: false,
  is_policy_owner: false,
  status: 1,
};

export const valuesOf = (u: UserDetail): UserFormValues => ({
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  username: u.username,
  title: u.title ?? '',
  is_admin: u.is_admin,
  is_policy_owner: u.is_policy_owner,
  status: u.status === 2 ? 2 : 1,
});

type FieldErrors = Partial<Record<keyof UserFormValues, string>>;

/** The same rules as the server (shared schema): each wrong field says what to fix. */
function validate(values: UserFormValues): FieldErrors {
  const parsed = NewUserInput.safeParse({ ...values, title: values.title || null });
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof UserFormValues;
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface UserFormProps {
  readonly initial?: UserFormValues;
  readonly submitLabel: string;
  readonly onSubmit: (values: UserFormValues) => Promise<void>;
  readonly onCancel: () => void;
  /** Offered when the save was refused as stale: start over from the user as they are now. */
  readonly onReload?: () => void;
}

/** New and edit user forms: details, roles and status. */
export function UserForm({ initial = empty, submitLabel, onSubmit, onCancel, onReload }: UserFormProps) {
  const [values, setValues] = useState<UserFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = (Object.keys(initial) as (keyof UserFormValues)[]).some((key) => values[key] !== initial[key]);
  const guard = useUnsavedChangesGuard(dirty);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setServerErrors([]);
    // A successful save moves on to the user's page: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    try {
      await onSubmit(values);
    } catch (error) {
      guard.askBeforeLeaving();
      setServerErrors(formErrorsOf(error));
      setStale(isStaleSave(error, USER_CHANGED_MESSAGE));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="User">
      <Stack gap="sm" maw={520}>
        {serverErrors.length > 0 && (
          <Alert color="red" role="alert">
            {serverErrors.map((m) => (
              <div key={m}>{m}</div>
            ))}
            {stale && onReload && (
              <Button mt="xs" variant="default" size="xs" onClick={onReload}>
                Reload
              </Button>
            )}
          </Alert>
        )}
        <TextInput
          label="First Name"
          required
          value={values.first_name}
          error={errors.first_name}
          onChange={(e) => set('first_name', e.currentTarget.value)}
        />
        <TextInput
          label="Last Name"
          required
          value={values.last_name}
          error={errors.last_name}
          onChange={(e) => set('last_name', e.currentTarget.value)}
        />
        <TextInput
          label="Email"
          required
          type="email"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <TextInput
          label="Username"
          required
          value={values.username}
          error={errors.username}
          onChange={(e) => set('username', e.currentTarget.value)}
        />
        <TextInput
          label="Title"
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Checkbox label="Admin" checked={values.is_admin} onChange={(e) => set('is_admin', e.currentTarget.checked)} />
        <Checkbox
          label="Policy Owner"
          checked={values.is_policy_owner}
          onChange={(e) => set('is_policy_owner', e.currentTarget.checked)}
        />
        <Select
          label="Status"
          data={[
            { value: '1', label: 'Active' },
            { value: '2', label: 'Inactive' },
          ]}
          value={String(values.status)}
          onChange={(v) => set('status', v === '2' ? 2 : 1)}
          allowDeselect={false}
          w={200}
        />
        <Group mt="md">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
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
        </Group>
      </Stack>
    </form>
  );
}
