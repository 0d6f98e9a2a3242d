import { Alert, Checkbox, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreatePnpBody, NewWithTemplateResponse } from '../../../../shared/api/pnps';
import { Messages } from '../../../../shared/domain/messages';
import { WizardActions, WizardStepper, WizardSteps } from '../../../components/wizard-stepper';
import { toasts } from '../../../lib/alerts';
import { useSessionFlags } from '../../../lib/session-store';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { listContainers } from '../api/containers-and-people';
import { createPnpFromFile, createPnpFromTemplate } from '../api/create-pnp';
import { pnpKeys } from '../api/pnp-keys';
import { DocumentDetailsFields, EMPTY_DETAILS, documentBody, type DocumentDetails } from './document-details-fields';
import { fileErrorsOf, nameProblem } from './field-checks';
import { FileUploadField } from './file-upload-field';
import { useFormGuard } from './form-guard';
import { DescriptionInput, NameInput } from './name-input';
import { ParticipantsEditor, toParticipantInputs, type ParticipantLists } from './participants-editor';
import { showErrors } from '../../../lib/show-errors';
import { usePnpListsRefresh } from './use-pnp-refresh';
import { documentPath } from './workflow-actions';

export type WizardSource =
  | { readonly kind: 'file'; readonly containerId: number; readonly location: string }
  | {
      readonly kind: 'template';
      readonly template: NewWithTemplateResponse['template'];
      readonly name: string;
      readonly description: string | null;
    };

const todayIso = (): string => new Date().toISOString().slice(0, 10);

/**
 * Binders and folders as 'Binder / Folder' paths, for choosing where a P&P from a template goes: only
 * those where the user may create P&Ps (product rules: org admins anywhere, owners of the binder or
 * folder, policy owners with a role there). A reviewer's or reader's binder offered here was refused
 * only once the whole wizard was filled in.
 */
function useContainerOptions(orgId: string, enabled: boolean) {
  const flags = useSessionFlags();
  const query = useQuery({
    queryKey: [...pnpKeys.containers(orgId), flags.isOrgAdmin],
    queryFn: () => listContainers(orgId, flags.isOrgAdmin),
    enabled,
  });
  const items = (query.data?.items ?? []).filter((i) => i.item_type !== 3);
  const byId = new Map(items.map((i) => [i.id, i]));
  const path = (id: number): string => {
    const names: string[] = [];
    for (let node = byId.get(id); node; node = node.parent_id === null ? undefined : byId.get(node.parent_id))
      names.unshift(node.name);
    return names.join(' / ');
  };
  return items
    .filter((i) => flags.isOrgAdmin || i.abilities.manage || (flags.isPolicyOwner && i.has_role))
    .map((i) => ({ value: String(i.id), label: path(i.id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The create wizards of spec §2. From a file: 'P&P Details', then 'File Upload & Document Details'.
 * From a template: 'P&P Details', then 'Document Details' (the template's file is copied).
 * Exported for the template library's new_pnp_from_template screen.
 */
export function CreatePnpWizard({
  orgId,
  source,
  onCancel,
}: {
  readonly orgId: string;
  readonly source: WizardSource;
  readonly onCancel: () => void;
}) {
  const navigate = useNavigate();
  const refreshLists = usePnpListsRefresh(orgId);
  const steps = source.kind === 'file' ? WizardSteps.pnpFromFile : WizardSteps.pnpFromTemplate;
  const [active, setActive] = useState(0);
  const initialName = source.kind === 'template' ? source.name : '';
  const initialDescription = source.kind === 'template' ? (source.description ?? '') : '';
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [containerId, setContainerId] = useState<string | null>(
    source.kind === 'file' ? String(source.containerId) : null,
  );
  const [inherit, setInherit] = useState(true);
  const [participants, setParticipants] = useState<ParticipantLists>({});
  const [details, setDetails] = useState<DocumentDetails>(EMPTY_DETAILS);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // Each step's 'required' messages wait for that step's first attempt to go on (or a touch).
  const [tried, setTried] = useState<readonly [boolean, boolean]>([false, false]);
  const [fileTouched, setFileTouched] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const containerOptions = useContainerOptions(orgId, source.kind === 'template');
  const form = useFormGuard();
  const dirty =
    active > 0 ||
    name !== initialName ||
    description !== initialDescription ||
    (source.kind === 'template' && containerId !== null) ||
    !inherit ||
    details !== EMPTY_DETAILS ||
    file !== null;
  const guard = useUnsavedChangesGuard(dirty);

  const step1Ready = nameProblem(name) === undefined && containerId !== null;
  const ready = source.kind === 'template' || file !== null;
  const chooseFile = (next: File | null): void => {
    setFile(next);
    setFileTouched(true);
    setFileError(undefined);
  };

  const finish = async (): Promise<void> => {
    const body: CreatePnpBody = {
      pnp: {
        name: name.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        container_id: Number(containerId),
        ...(source.kind === 'template' ? { template_id: source.template.id } : {}),
        ...(inherit ? {} : { participants: toParticipantInputs(participants) }),
      },
      document: documentBody(details),
    };
    setBusy(true);
    // A P&P created moves on to its document: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    try {
      const created =
        source.kind === 'file'
          ? await createPnpFromFile(orgId, body, file!, {
              onProgress: (p) => setProgress(Math.round((p.loaded / p.total) * 100)),
            })
          : await createPnpFromTemplate(orgId, body);
      toasts.success(Messages.recordCreated, { scope: 'next' });
      // The manage tree and the work list the user came from show the new P&P when they go back.
      void refreshLists();
      // Straight to the section the document screen opens on: one navigation, so the message stays.
      await navigate(documentPath(orgId, created.pnp.id, created.pnp_document.id));
    } catch (error) {
      guard.askBeforeLeaving();
      const { file: aboutFile, rest } = fileErrorsOf(error);
      setFileError(aboutFile);
      if (rest !== null) showErrors(rest);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const next = (): void => {
    setTried(active === 0 ? [true, tried[1]] : [tried[0], true]);
    if (form.blocked()) return;
    if (active === 0) {
      if (step1Ready) setActive(1);
      return;
    }
    if (ready) void finish();
  };

  return (
    <Paper withBorder radius="md" p="lg" ref={form.ref}>
      <WizardStepper steps={steps} active={active} onStepClick={(i) => i < active && setActive(i)}>
        {active === 0 ? (
          <Stack gap="sm" mt="md">
            <NameInput value={name} onChange={setName} showRequired={tried[0]} />
            <DescriptionInput value={description} onChange={setDescription} />
            {source.kind === 'file' ? (
              <TextInput label="Location" value={source.location} readOnly />
            ) : (
              <Select
                label="Location"
                required
                searchable
                placeholder="Choose a binder or folder"
                data={containerOptions}
                value={containerId}
                onChange={setContainerId}
                allowDeselect={false}
                error={tried[0] && containerId === null ? 'Choose where the P&P goes.' : undefined}
                nothingFoundMessage="No binder or folder found"
              />
            )}
            <Checkbox
              label="Inherit the participants of the binder or folder"
              checked={inherit}
              onChange={(e) => setInherit(e.currentTarget.checked)}
            />
            {!inherit && <ParticipantsEditor orgId={orgId} value={participants} onChange={setParticipants} />}
          </Stack>
        ) : (
          <Stack gap="md" mt="md">
            {source.kind === 'file' ? (
              <FileUploadField
                label="File"
                required
                value={file}
                onChange={chooseFile}
                progress={progress}
                error={
                  fileError ?? ((tried[1] || fileTouched) && !file ? 'Please choose a file to upload.' : undefined)
                }
              />
            ) : (
              <Alert color="blue" variant="light" title="Template">
                <Text size="sm">
                  The P&P starts from a copy of {source.template.file_name} ({source.template.source}).
                </Text>
              </Alert>
            )}
            <DocumentDetailsFields value={details} onChange={setDetails} today={todayIso()} />
          </Stack>
        )}
      </WizardStepper>
      <WizardActions
        active={active}
        stepCount={steps.length}
        onBack={() => setActive(0)}
        onNext={next}
        onCancel={() => {
          // Cancel is the user's own choice to drop what they entered.
          guard.leaveWithoutAsking();
          onCancel();
        }}
        busy={busy}
        nextDisabled={busy}
      />
    </Paper>
  );
}
