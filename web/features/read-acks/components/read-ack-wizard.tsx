import { Alert, List, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { ReadAckDescription, ReadAckName, type ReadAcknowledgement } from '../../../../shared/api/read-acks';
import { Messages } from '../../../../shared/domain/messages';
import { DateInput } from '../../../components/date-input';
import { WizardActions, WizardStepper, WizardSteps } from '../../../components/wizard-stepper';
import { toasts } from '../../../lib/alerts';
import { firstInvalidField } from '../../../lib/form-validity';
import { formatDisplayDate } from '../../../lib/format';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { createReadAck, readAckKeys, updateReadAck } from '../api/read-acks-api';
import { ReadersPicker, readerLabel, readerNotes, type PickedReader } from './readers-picker';
import { formErrorsOf } from '../../../lib/errors-of';

const todayIso = (): string => new Date().toISOString().slice(0, 10);
/** A field whose typed text never reached the wizard's state (see lib/form-validity). */
const UNREADABLE_ENTRY = '[data-entry-invalid="true"]';

export interface ReadAckWizardProps {
  readonly orgId: string;
  readonly pnpId: number;
  /** The document screen's address: the wizard returns to its Active tab. */
  readonly documentBase: string;
  /** 'Version 3': the version readers acknowledge. */
  readonly versionLabel: string;
  /** The read acknowledgement being edited; none for a new one. */
  readonly initial?: ReadAcknowledgement;
  /** The Effective Date of the version readers acknowledge: no due date before it, when it is still to come. */
  readonly effectiveDate?: string | null;
}

function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The first message of `schema` for `value`, or undefined when it passes. */
function firstProblem(schema: ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The wizard 'General Info & Settings', 'Readers', 'Review & Save' (spec §2), for readack_new and readack_edit. */
export function ReadAckWizard({
  orgId,
  pnpId,
  documentBase,
  versionLabel,
  initial,
  effectiveDate = null,
}: ReadAckWizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const steps = WizardSteps.readAcknowledgement;
  const [active, setActive] = useState(0);
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [dueDate, setDueDate] = useState<string | null>(initial?.due_date ?? null);
  const [initialReaders] = useState<PickedReader[]>(() => [
    ...(initial?.readers ?? [])
      .filter((r) => r.via_group_id === null)
      .map((r) => ({ type: 'User' as const, id: r.user_id, name: r.name, email: r.email, cannotSee: r.cannot_see })),
    ...(initial?.groups ?? []).map((g) => ({ type: 'Group' as const, id: g.id, name: g.name })),
  ]);
  const [readers, setReaders] = useState<PickedReader[]>(initialReaders);
  const [tried, setTried] = useState<readonly [boolean, boolean]>([false, false]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  // Next leaves focus on its button: after a refused step (or a refused save) focus goes to what
  // needs the user, so that a keyboard or screen-reader user learns why the wizard did not move on.
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const saveErrorsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    const target =
      saveErrorsRef.current ??
      formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]');
    target?.focus();
  }, [focusRequest]);

  // The first step checks what the server will (ReadAckName, ReadAckDescription), so a name with
  // < or > is named here, not after the readers are chosen.
  const nameProblem = firstProblem(ReadAckName, name);
  const descriptionProblem = firstProblem(ReadAckDescription, description.trim() || null);
  const nameError = tried[0] ? nameProblem : undefined;
  const descriptionError = tried[0] ? descriptionProblem : undefined;
  const dueError = tried[0] && !dueDate ? 'Due date is required.' : undefined;
  const readersError = tried[1] && readers.length === 0 ? 'Choose at least one reader: a user or a group.' : undefined;
  const back = `${documentBase}/active_readack`;
  // A scheduled version (effective later) cannot be opened before its Effective Date, so the server
  // refuses a due date before it: the calendar and the field say so here, not at the save. An edit
  // may keep the due date it has.
  const today = todayIso();
  const scheduled = effectiveDate !== null && effectiveDate > today;
  const earliestDue = scheduled ? effectiveDate : today;
  const minDue = initial?.due_date && initial.due_date < earliestDue ? initial.due_date : earliestDue;
  // Readers who have acknowledged stay on the record whatever is chosen now (the server keeps them):
  // one taken off here would otherwise still be listed after the save, against what this step showed.
  const staying = (initial?.readers ?? []).filter(
    (r) =>
      r.completion === 1 &&
      !readers.some((p) =>
        p.type === 'User' ? p.id === r.user_id : r.via_group_id !== null && p.id === r.via_group_id,
      ),
  );
  const readerKey = (r: PickedReader): string => `${r.type}:${r.id}`;
  const dirty =
    name !== (initial?.name ?? '') ||
    description !== (initial?.description ?? '') ||
    dueDate !== (initial?.due_date ?? null) ||
    readers.map(readerKey).join() !== initialReaders.map(readerKey).join();
  const guard = useUnsavedChangesGuard(dirty);

  const save = async (): Promise<void> => {
    const body = {
      read_acknowledgement: {
        name: name.trim(),
        description: description.trim() || null,
        due_date: dueDate ?? '',
        user_ids: readers.filter((r) => r.type === 'User').map((r) => r.id),
        group_ids: readers.filter((r) => r.type === 'Group').map((r) => r.id),
      },
    };
    setBusy(true);
    setErrors([]);
    // A saved read acknowledgement moves on to the document: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    try {
      if (initial) await updateReadAck(orgId, pnpId, initial.id, body);
      else await createReadAck(orgId, pnpId, body);
      await queryClient.invalidateQueries({ queryKey: readAckKeys.all(orgId, pnpId) });
      toasts.success(initial ? Messages.recordUpdated : Messages.recordCreated, { scope: 'next' });
      await navigate(back);
    } catch (error) {
      guard.askBeforeLeaving();
      setErrors(formErrorsOf(error));
      setFocusRequest((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const next = (): void => {
    if (active === 0) {
      setTried([true, tried[1]]);
      // A due date typed over with text that is not a date (or is before today) never reaches
      // dueDate, which keeps the date it had: moving on would save that one in its place.
      const unreadable = formRef.current ? firstInvalidField(formRef.current, UNREADABLE_ENTRY) : null;
      if (!nameProblem && !descriptionProblem && dueDate && !unreadable) setActive(1);
      else setFocusRequest((n) => n + 1);
      return;
    }
    if (active === 1) {
      setTried([true, true]);
      if (readers.length > 0) setActive(2);
      else setFocusRequest((n) => n + 1);
      return;
    }
    void save();
  };

  return (
    <Paper withBorder radius="md" p="lg" ref={formRef}>
      <WizardStepper steps={steps} active={active} onStepClick={(i) => i < active && setActive(i)}>
        {active === 0 && (
          <Stack gap="sm" mt="md">
            <TextInput
              label="Name"
              required
              value={name}
              maxLength={255}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={description}
              maxLength={4000}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={descriptionError}
            />
            <DateInput
              label="Due Date"
              required
              value={dueDate}
              onChange={setDueDate}
              minDate={minDue}
              description={
                scheduled
                  ? `Readers can open this P&P from its Effective Date, ${formatDisplayDate(effectiveDate)}.`
                  : undefined
              }
              error={dueError}
            />
            <Text size="sm" c="dimmed">
              Readers acknowledge {versionLabel}, the Active version.
            </Text>
          </Stack>
        )}
        {active === 1 && (
          <Stack gap="sm" mt="md">
            <ReadersPicker orgId={orgId} pnpId={pnpId} value={readers} onChange={setReaders} error={readersError} />
          </Stack>
        )}
        {active === 2 && (
          <Stack gap="md" mt="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label="Name">{name.trim()}</Fact>
              <Fact label="Due Date">{formatDisplayDate(dueDate)}</Fact>
              <Fact label="Version">{versionLabel}</Fact>
            </SimpleGrid>
            <Fact label="Description">{description.trim() || '—'}</Fact>
            <Fact label="Readers">
              <List size="sm" aria-label="Chosen readers">
                {readers.map((r) => (
                  <List.Item key={`${r.type}:${r.id}`}>{readerLabel(r)}</List.Item>
                ))}
              </List>
            </Fact>
            {staying.length > 0 && (
              <List size="sm" aria-label="Readers who stay" c="orange.9">
                {staying.map((r) => (
                  <List.Item key={r.user_id}>
                    {`${readerLabel({ type: 'User', name: r.name, email: r.email })} has acknowledged and stays a reader: what they read is kept.`}
                  </List.Item>
                ))}
              </List>
            )}
            {readerNotes(readers).length > 0 && (
              <List size="sm" aria-label="About the chosen readers" c="orange.9">
                {readerNotes(readers).map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            )}
            {errors.length > 0 && (
              <Alert
                ref={saveErrorsRef}
                tabIndex={-1}
                color="red"
                variant="light"
                role="alert"
                title="The read acknowledgement was not saved"
              >
                <Stack gap={4}>
                  {errors.map((e) => (
                    <Text key={e} size="sm">
                      {e}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </Stack>
        )}
      </WizardStepper>
      <WizardActions
        active={active}
        stepCount={steps.length}
        onBack={() => setActive(Math.max(0, active - 1))}
        onNext={next}
        onCancel={() => {
          // Cancel is the user's own choice to drop what they entered.
          guard.leaveWithoutAsking();
          void navigate(back);
        }}
        busy={busy}
      />
    </Paper>
  );
}
