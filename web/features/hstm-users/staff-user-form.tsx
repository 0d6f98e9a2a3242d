import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { NewStaffUserInput, STAFF_PERMISSION_OPTIONS, type StaffUser } from '../../../shared/api/hstm-users';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';
import { errorsOf } from '../../lib/errors-of';
import { NO_LOCKS, type PermissionLocks } from './permission-locks';

export interface StaffUserFormValues {
  name: string;
  email: string;
  username: string;
  permissions: number[];
  status: 1 | 2;
}

const empty: StaffUserFormValues = { name: '', email: '', username: '', permissions: [], status: 1 };

export const staffValuesOf = (u: StaffUser): StaffUserFormValues => ({
  name: u.name,
  email: u.email,
  username: u.username,
  permissions: u.permissions.split(' ').filter(Boolean).map(Number),
  status: u.status === 2 ? 2 : 1,
});

/** What the API takes: the permissions as the space-separated string of spec §5. */
export const staffInputOf = (v: StaffUserFormValues) => ({
  name: v.name,
  email: v.email,
  username: v.username,
  permissions: [...v.permissions].sort((a, b) => a - b).join(' '),
  status: v.status,
});

type FieldErrors = Partial<Record<keyof StaffUserFormValues, string>>;

/** The same rules as the server (shared schema): each wrong field says what to fix. */
function validate(values: StaffUserFormValues): FieldErrors {
  const parsed = NewStaffUserInput.safeParse(staffInputOf(values));
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof StaffUserFormValues;
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface StaffUserFormProps {
  readonly initial?: StaffUserFormValues;
  readonly submitLabel: string;
  /** The permissions the signed-in staff user may not change here (the server refuses them too). */
  readonly permissionLocks?: PermissionLocks;
  readonly onSubmit: (values: StaffUserFormValues) => Promise<void>;
  readonly onCancel: () => void;
}

/** New and edit staff user forms: details, the four permissions and the status. */
export function StaffUserForm({
  initial = empty,
  submitLabel,
  permissionLocks = NO_LOCKS,
  onSubmit,
  onCancel,
}: StaffUserFormProps) {
  const [values, setValues] = useState<StaffUserFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  // Leaving the page (the navigation, Back) with changes typed asks first, as the org-side forms do.
  const dirty =
    values.name !== initial.name ||
    values.email !== initial.email ||
    values.username !== initial.username ||
    values.status !== initial.status ||
    staffInputOf(values).permissions !== staffInputOf(initial).permissions;
  const guard = useUnsavedChangesGuard(dirty);
  const set = <K extends keyof StaffUserFormValues>(key: K, value: StaffUserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setServerErrors([]);
    // A successful save moves on to the staff user's page: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    try {
      await onSubmit(values);
    } catch (error) {
      guard.askBeforeLeaving();
      setServerErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Staff user">
      <Stack gap="sm" maw={520}>
        {serverErrors.length > 0 && (
          <Alert color="red" role="alert">
            {serverErrors.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
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
        <Checkbox.Group
          label="Permissions"
          description={permissionLocks.explanation}
          value={values.permissions.map(String)}
          error={errors.permissions}
          onChange={(v) => set('permissions', v.map(Number))}
        >
          <Stack gap={6} mt={6}>
            {STAFF_PERMISSION_OPTIONS.map((o) => {
              // A disabled box keeps its value, so a save sends it back unchanged.
              const locked = permissionLocks.locked.has(o.value);
              return (
                <Checkbox
                  key={o.value}
                  value={String(o.value)}
                  label={o.label}
                  disabled={locked}
                  description={locked ? permissionLocks.boxNote : null}
                />
              );
            })}
          </Stack>
        </Checkbox.Group>
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
              // Cancel is the user's own choice to drop the changes.
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
