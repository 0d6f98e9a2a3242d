import { Alert, Checkbox, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreatePnpBody, NewWithTemplateResponse } from '../../../../shared/api/pnps';
import { Messages } from '../../../../shared/domain/messages';
import { WizardActions, WizardStepper, WizardSteps } from '../../../components/wizard-stepper';
import { toasts } from '../../../lib/alerts';
import { useSessionFlags } from '../../../lib/session-store';
import { listContainers } from '../api/containers-and-people';
import { createPnpFromFile, createPnpFromTemplate } from '../api/create-pnp';
import { pnpKeys } from '../api/pnp-keys';
import { DocumentDetailsFields, EMPTY_DETAILS, documentBody, type DocumentDetails } from './document-details-fields';
import { FileUploadField } from './file-upload-field';
import { ParticipantsEditor, toParticipantInputs, type ParticipantLists } from './participants-editor';
import { showErrors } from './show-errors';
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

/** Binders and folders as 'Binder / Folder' paths, for choosing where a P&P from a template goes. */
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
    .filter((i) => i.has_role || flags.isOrgAdmin)
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
  const steps = source.kind === 'file' ? WizardSteps.pnpFromFile : WizardSteps.pnpFromTemplate;
  const [active, setActive] = useState(0);
  const [name, setName] = useState(source.kind === 'template' ? source.name : '');
  const [description, setDescription] = useState(source.kind === 'template' ? (source.description ?? '') : '');
  const [containerId, setContainerId] = useState<string | null>(
    source.kind === 'file' ? String(source.containerId) : null,
  );
  const [inherit, setInherit] = useState(true);
  const [participants, setParticipants] = useState<ParticipantLists>({});
  const [details, setDetails] = useState<DocumentDetails>(EMPTY_DETAILS);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const containerOptions = useContainerOptions(orgId, source.kind === 'template');

  const nameError = touched && name.trim() === '' ? 'Name is required.' : undefined;
  const step1Ready = name.trim() !== '' && containerId !== null;
  const ready = source.kind === 'template' || file !== null;

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
    try {
      const created =
        source.kind === 'file'
          ? await createPnpFromFile(orgId, body, file!, {
              onProgress: (p) => setProgress(Math.round((p.loaded / p.total) * 100)),
            })
          : await createPnpFromTemplate(orgId, body);
      toasts.success(Messages.recordCreated, { scope: 'next' });
      await navigate(documentPath(orgId, created.pnp.id, created.pnp_document.id));
    } catch (error) {
      showErrors(error);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const next = (): void => {
    setTouched(true);
    if (active === 0) {
      if (step1Ready) setActive(1);
      return;
    }
    if (ready) void finish();
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <WizardStepper steps={steps} active={active} onStepClick={(i) => i < active && setActive(i)}>
        {active === 0 ? (
          <Stack gap="sm" mt="md">
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              maxLength={255}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
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
                error={touched && containerId === null ? 'Choose where the P&P goes.' : undefined}
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
                onChange={setFile}
                progress={progress}
                error={touched && !file ? 'Please choose a file to upload.' : undefined}
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
        onCancel={onCancel}
        busy={busy}
        nextDisabled={busy}
      />
    </Paper>
  );
}
