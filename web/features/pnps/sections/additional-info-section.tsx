import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdditionalInfo } from '../../../../shared/api/pnps';
import { NAME_MAX_LENGTH } from '../../../../shared/domain/limits';
import { Messages } from '../../../../shared/domain/messages';
import { confirm } from '../../../components/confirmation-modal';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { listAdditionalInfos, removeAdditionalInfo, saveAdditionalInfo } from '../api/additional-infos';
import { pnpKeys } from '../api/pnp-keys';
import { SectionRefusal } from '../components/section-refusal';
import { useFormGuard } from '../components/form-guard';
import { useDocumentContext } from '../components/document-context';
import { showErrors } from '../../../lib/show-errors';
import { SubNav } from '../components/sub-nav';
import { usePnpRefresh } from '../components/use-pnp-refresh';

/** The server's bound on additional information content (shared/api/pnps). */
const CONTENT_MAX_LENGTH = 20_000;

function InfoForm({
  initial,
  onSave,
  onCancel,
}: {
  readonly initial: AdditionalInfo | null;
  readonly onSave: (title: string, content: string) => Promise<void>;
  readonly onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const form = useFormGuard();
  // Leaving with something typed and not saved is asked about first, as on General Info.
  useUnsavedChangesGuard(title !== (initial?.title ?? '') || content !== (initial?.content ?? ''));
  // The server's limits (shared/api/pnps AdditionalInfoBody), said as the user types.
  const titleError =
    title.trim().length > NAME_MAX_LENGTH
      ? `Title must be at most ${NAME_MAX_LENGTH} characters.`
      : tried && title.trim() === ''
        ? 'Title is required.'
        : undefined;
  const contentError =
    content.length > CONTENT_MAX_LENGTH
      ? `Content must be at most ${CONTENT_MAX_LENGTH} characters.`
      : tried && content.trim() === ''
        ? 'Content is required.'
        : undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" ref={form.ref}>
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={titleError}
          description={`${title.trim().length} / ${NAME_MAX_LENGTH} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Textarea
          label="Content"
          required
          autosize
          minRows={3}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          error={contentError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              setTried(true);
              // The required messages appear with this render; the guard sees the ones already shown.
              if (form.blocked() || title.trim() === '' || content.trim() === '') return;
              setBusy(true);
              void onSave(title, content).finally(() => setBusy(false));
            }}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** related_info/additional_info: titled notes recorded for the P&P (regulations, references...). */
export function AdditionalInfoSection() {
  const { orgId, pnp } = useDocumentContext();
  const refresh = usePnpRefresh(orgId, pnp.id);
  const query = useQuery({
    queryKey: pnpKeys.additionalInfos(orgId, String(pnp.id)),
    queryFn: () => listAdditionalInfos(orgId, pnp.id),
  });
  const [editing, setEditing] = useState<AdditionalInfo | 'new' | null>(null);
  const canEdit = query.data?.can_edit ?? false;
  const infos = query.data?.additional_infos ?? [];
  const save = async (title: string, content: string): Promise<void> => {
    try {
      await saveAdditionalInfo(orgId, pnp.id, editing === 'new' || editing === null ? null : editing.id, {
        additional_info: { title, content },
      });
      toasts.success(editing === 'new' ? Messages.recordCreated : Messages.recordUpdated);
      setEditing(null);
      await refresh();
    } catch (error) {
      showErrors(error);
    }
  };
  const remove = async (info: AdditionalInfo): Promise<void> => {
    if (
      !(await confirm({
        title: 'Remove Additional Info',
        content: `Remove ${info.title}?`,
        actionLabel: 'Remove',
        theme: 'danger',
      }))
    )
      return;
    // A failure says so (a lost connection has no toast of its own); the row stays as it was.
    try {
      await removeAdditionalInfo(orgId, pnp.id, info.id);
      toasts.success(Messages.recordDeleted);
      await refresh();
    } catch (error) {
      showErrors(error);
    }
  };
  if (query.isError) return <SectionRefusal error={query.error} />;
  return (
    <Stack gap="sm">
      <SubNav group="related_info" label="Related info" />
      <Group justify="space-between">
        <Title order={2} size="h4">
          Additional Info
        </Title>
        {canEdit && editing === null && <Button onClick={() => setEditing('new')}>Add Additional Info</Button>}
      </Group>
      {editing !== null && (
        // One form per entry: Edit on another entry starts from that entry's text, not the one open before.
        <InfoForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {!query.isPending && infos.length === 0 && (
        <Paper withBorder radius="md">
          <NoRecordsPanel items="Additional Info" hint={false} />
        </Paper>
      )}
      {infos.map((info) => (
        <Paper key={info.id} withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fw={600}>{info.title}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {info.content}
              </Text>
              <Text size="xs" c="dimmed">
                Updated {formatDisplayDate(info.updated_at)}
              </Text>
            </Stack>
            {canEdit && (
              <Group gap={4}>
                <ActionIcon variant="subtle" aria-label={`Edit ${info.title}`} onClick={() => setEditing(info)}>
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={`Remove ${info.title}`}
                  onClick={() => void remove(info)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
