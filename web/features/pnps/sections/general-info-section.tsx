import { Button, Group, Paper, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import {
  VERSION_CHANGED_MESSAGE,
  type PnpDocument,
  type UpdateDocumentBody,
} from '../../../../shared/api/pnp-documents';
import { Messages } from '../../../../shared/domain/messages';
import { effectiveDateError } from '../../../../shared/domain/review-dates';
import { DateInput } from '../../../components/date-input';
import { StaleSaveAlert } from '../../../components/stale-save-alert';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { isStaleSave } from '../../../lib/stale-save';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { updateDocument } from '../api/update-document';
import { useDocumentContext } from '../components/document-context';
import { Fact } from '../components/fact';
import { useFormGuard } from '../components/form-guard';
import { CYCLE_OPTIONS, REMINDER_OPTIONS, ReviewCycleFields } from '../components/review-cycle-fields';
import { showErrors } from '../../../lib/show-errors';
import { VersionStatusBadge } from '../components/status-badges';
import { usePnpRefresh } from '../components/use-pnp-refresh';

const labelOf = (options: { value: string; label: string }[], value: number | null): string =>
  options.find((o) => o.value === String(value))?.label ?? '';

type Fields = {
  notes: string;
  origination_dt: string | null;
  effective_dt: string | null;
  review_dt: string | null;
  reminder_dt: string | null;
  review_cycle_years: number | null;
  reminder_days: number | null;
};

const fieldsOf = (d: PnpDocument): Fields => ({
  notes: d.notes ?? '',
  origination_dt: d.origination_dt,
  effective_dt: d.effective_dt,
  review_dt: d.review_dt,
  reminder_dt: d.reminder_dt,
  review_cycle_years: d.review_cycle_years,
  reminder_days: d.reminder_days,
});

/** The form of what may change: a draft's content in Authoring, or the Active version's dates. */
function EditForm({
  orgId,
  document,
  onDone,
}: {
  readonly orgId: string;
  readonly document: PnpDocument;
  readonly onDone: () => void;
}) {
  const refresh = usePnpRefresh(orgId, document.pnp_id);
  const [opened] = useState<Fields>(() => fieldsOf(document));
  const [f, setF] = useState<Fields>(opened);
  // Leaving with something changed and not saved is asked about first, as on the P&P's General Info.
  useUnsavedChangesGuard((Object.keys(opened) as Array<keyof Fields>).some((key) => f[key] !== opened[key]));
  const [busy, setBusy] = useState(false);
  // The version the edit started from: a save over someone else's newer change is refused (409).
  const [openedVersion] = useState(document.lock_version);
  const [stale, setStale] = useState(false);
  const form = useFormGuard();
  const draft = document.status === 1;
  // Said at the field as soon as the dates disagree, in the server's words; Save then stops at it.
  const effectiveError = effectiveDateError(f.effective_dt, draft ? f.origination_dt : document.origination_dt);
  const save = async (): Promise<void> => {
    const cycle = {
      review_cycle_years: f.review_cycle_years as 1 | 2 | 3 | null,
      reminder_days: f.reminder_days as 30 | 60 | 90 | 180 | null,
    };
    const fields: UpdateDocumentBody['document'] = draft
      ? { notes: f.notes || null, origination_dt: f.origination_dt, effective_dt: f.effective_dt, ...cycle }
      : { effective_dt: f.effective_dt, review_dt: f.review_dt, reminder_dt: f.reminder_dt, ...cycle };
    setBusy(true);
    try {
      const body = { ...fields, lock_version: openedVersion };
      await updateDocument(orgId, document.id, { pnp_id: document.pnp_id, document: body });
      toasts.success(Messages.recordUpdated);
      await refresh();
      onDone();
    } catch (error) {
      const isStale = isStaleSave(error, VERSION_CHANGED_MESSAGE);
      setStale(isStale);
      // The form keeps what was typed; the notice in it offers to reload.
      if (!isStale) showErrors(error, { update: true });
    } finally {
      setBusy(false);
    }
  };
  /** Shows the version as it is now, someone else's change included: the user edits again from there. */
  const reload = async (): Promise<void> => {
    onDone();
    await refresh();
  };
  return (
    <Stack gap="sm" ref={form.ref}>
      {stale && (
        <StaleSaveAlert
          title="The version was not saved"
          message={VERSION_CHANGED_MESSAGE}
          onReload={() => void reload()}
        />
      )}
      {draft && (
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={f.notes}
          onChange={(e) => setF({ ...f, notes: e.currentTarget.value })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {draft && (
          <DateInput
            label="Origination Date"
            value={f.origination_dt}
            onChange={(v) => setF({ ...f, origination_dt: v })}
          />
        )}
        <DateInput
          label={draft ? 'Target Effective Date' : 'Effective Date'}
          value={f.effective_dt}
          error={effectiveError ?? undefined}
          onChange={(v) => setF({ ...f, effective_dt: v })}
        />
        {!draft && <DateInput label="Review Date" value={f.review_dt} onChange={(v) => setF({ ...f, review_dt: v })} />}
        {!draft && (
          <DateInput label="Reminder Date" value={f.reminder_dt} onChange={(v) => setF({ ...f, reminder_dt: v })} />
        )}
      </SimpleGrid>
      <ReviewCycleFields
        value={{ reviewCycleYears: f.review_cycle_years, reminderDays: f.reminder_days }}
        onChange={(v) => setF({ ...f, review_cycle_years: v.reviewCycleYears, reminder_days: v.reminderDays })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={busy} onClick={() => !form.blocked() && void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** general_info: this version's details; its draft content or Active dates are edited here. */
export function GeneralInfoSection() {
  const { orgId, document } = useDocumentContext();
  const [editing, setEditing] = useState(false);
  const editable = document.abilities.includes('edit_draft') || document.abilities.includes('edit_dates');
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          General Info
        </Title>
        {editable && !editing && (
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        {editing ? (
          <EditForm orgId={orgId} document={document} onDone={() => setEditing(false)} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Version" value={document.version_number} />
            <Fact label="Status" value={<VersionStatusBadge status={document.status} />} />
            <Fact
              label="Stage"
              value={
                document.draft_stage_label
                  ? `${document.draft_stage_label}${document.approval_step ? `: Step ${document.approval_step}` : ''}`
                  : ''
              }
            />
            <Fact label="File" value={document.file?.name} />
            <Fact label="Origination Date" value={formatDisplayDate(document.origination_dt)} />
            <Fact label="Effective Date" value={formatDisplayDate(document.effective_dt)} />
            <Fact label="Review Date" value={formatDisplayDate(document.review_dt)} />
            <Fact label="Reminder Date" value={formatDisplayDate(document.reminder_dt)} />
            <Fact label="Review Cycle" value={labelOf(CYCLE_OPTIONS, document.review_cycle_years)} />
            <Fact label="Reminder" value={labelOf(REMINDER_OPTIONS, document.reminder_days)} />
            <Fact label="Published" value={formatDisplayDate(document.published_at)} />
            <Fact label="Notes" value={document.notes} />
          </SimpleGrid>
        )}
      </Paper>
    </Stack>
  );
}
