import { Alert, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  NewOrgInput,
  ORG_STATUS_OPTIONS,
  ORG_TOKEN_TIMEOUT_DEFAULT,
  ORG_TOKEN_TIMEOUT_MAX,
  ORG_TOKEN_TIMEOUT_MIN,
  type Org,
} from '../../../shared/api/hstm-orgs';
import { LOCATIONS } from '../../../shared/domain/locations';
import { errorsOf } from '../../lib/errors-of';

export interface OrgFormValues {
  name: string;
  tenant: string;
  location: string | null;
  status: 0 | 1 | 2;
  token_timeout: number | string;
}

export const emptyOrg: OrgFormValues = {
  name: '',
  tenant: '',
  location: null,
  status: 1,
  token_timeout: ORG_TOKEN_TIMEOUT_DEFAULT,
};

export const orgValuesOf = (o: Org): OrgFormValues => ({
  name: o.name,
  tenant: o.tenant,
  location: o.location,
  status: o.status === 0 || o.status === 2 ? o.status : 1,
  token_timeout: o.token_timeout,
});

/** What the API takes; an empty number box is sent as text so the server's sentence names it. */
export const orgInputOf = (v: OrgFormValues) => ({
  name: v.name,
  tenant: v.tenant,
  location: v.location,
  status: v.status,
  token_timeout: typeof v.token_timeout === 'number' ? v.token_timeout : Number(v.token_timeout || NaN),
});

type FieldErrors = Partial<Record<keyof OrgFormValues, string>>;

/** The same rules as the server (shared schema): each wrong field says what to fix. */
function validate(values: OrgFormValues): FieldErrors {
  const parsed = NewOrgInput.safeParse(orgInputOf(values));
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof OrgFormValues;
    errors[key] ??= issue.message;
  }
  return errors;
}

const LOCATION_OPTIONS = LOCATIONS.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }));
const STATUS_OPTIONS = ORG_STATUS_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

export interface OrgFormProps {
  readonly initial?: OrgFormValues;
  readonly submitLabel: string;
  readonly onSubmit: (values: OrgFormValues) => Promise<void>;
  readonly onCancel: () => void;
}

/** New and edit organisation form: name, tenant key, location (spec §3), status and session timeout. */
export function OrgForm({ initial = emptyOrg, submitLabel, onSubmit, onCancel }: OrgFormProps) {
  const [values, setValues] = useState<OrgFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof OrgFormValues>(key: K, value: OrgFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setServerErrors([]);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Organization">
      <Stack gap="sm">
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
          label="Tenant Key"
          description="Letters, digits and dashes; used in the sign-in address t/{tenant key}."
          required
          value={values.tenant}
          error={errors.tenant}
          onChange={(e) => set('tenant', e.currentTarget.value)}
        />
        <Select
          label="Location"
          placeholder="Choose a location"
          data={LOCATION_OPTIONS}
          value={values.location}
          error={errors.location}
          onChange={(v) => set('location', v)}
          searchable
          clearable
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={String(values.status)}
          error={errors.status}
          onChange={(v) => set('status', v === '0' ? 0 : v === '2' ? 2 : 1)}
          allowDeselect={false}
        />
        <NumberInput
          label="Session Timeout (minutes)"
          description={`From ${ORG_TOKEN_TIMEOUT_MIN} to ${ORG_TOKEN_TIMEOUT_MAX} minutes of inactivity.`}
          required
          min={ORG_TOKEN_TIMEOUT_MIN}
          max={ORG_TOKEN_TIMEOUT_MAX}
          allowDecimal={false}
          clampBehavior="none"
          allowNegative={false}
          value={values.token_timeout}
          error={errors.token_timeout}
          onChange={(v) => set('token_timeout', v)}
        />
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
