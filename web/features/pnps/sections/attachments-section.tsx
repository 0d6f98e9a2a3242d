import { ActionIcon, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Attachment } from '../../../../shared/api/pnps';
import { Messages } from '../../../../shared/domain/messages';
import { confirm } from '../../../components/confirmation-modal';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { addAttachment, attachmentFileUrl, listAttachments, removeAttachment } from '../api/attachments';
import { pnpKeys } from '../api/pnp-keys';
import { ActionDialog } from '../components/action-dialog';
import { SectionRefusal } from '../components/section-refusal';
import { useDocumentContext } from '../components/document-context';
import { fileErrorsOf } from '../components/field-checks';
import { FileUploadField } from '../components/file-upload-field';
import { showErrors } from '../../../lib/show-errors';
import { SubNav } from '../components/sub-nav';
import { usePnpRefresh } from '../components/use-pnp-refresh';
import { onDownloadClick } from '../../../lib/checked-download';

const kb = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** related_info/attachments: files attached to the P&P. */
export function AttachmentsSection() {
  const { orgId, pnp } = useDocumentContext();
  const refresh = usePnpRefresh(orgId, pnp.id);
  const query = useQuery({
    queryKey: pnpKeys.attachments(orgId, String(pnp.id)),
    queryFn: () => listAttachments(orgId, pnp.id),
  });
  const table = useClientTable(query.data?.attachments ?? [], { initialSort: { key: 'name', dir: 'asc' } });
  const [adding, setAdding] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const chooseFile = (next: File | null): void => {
    setFile(next);
    setFileError(undefined);
  };
  const canEdit = query.data?.can_edit ?? false;

  const add = async (): Promise<void> => {
    // Busy from the click, not from the first progress event: a second click sends nothing more.
    if (!file || progress !== null) return;
    setProgress(0);
    try {
      await addAttachment(orgId, pnp.id, file, {
        onProgress: (p) => setProgress(Math.round((p.loaded / p.total) * 100)),
      });
      toasts.success(Messages.recordCreated);
      setAdding(false);
      setFile(null);
      await refresh();
    } catch (error) {
      const { file: aboutFile, rest } = fileErrorsOf(error);
      setFileError(aboutFile);
      if (rest !== null) showErrors(rest);
    } finally {
      setProgress(null);
    }
  };
  const remove = async (a: Attachment): Promise<void> => {
    if (
      !(await confirm({
        title: 'Remove Attachment',
        content: `Remove ${a.name} from this P&P?`,
        actionLabel: 'Remove',
        theme: 'danger',
      }))
    )
      return;
    // A failure says so (a lost connection has no toast of its own); the row stays as it was.
    try {
      await removeAttachment(orgId, pnp.id, a.id);
      toasts.success(Messages.recordDeleted);
      await refresh();
    } catch (error) {
      showErrors(error);
    }
  };
  const columns: TableColumn<Attachment>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (a) => (
        <Anchor href={attachmentFileUrl(orgId, pnp.id, a.id, 'edit')} onClick={onDownloadClick}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'size', header: 'Size', render: (a) => kb(a.file.size_bytes) },
    { key: 'created_by_name', header: 'Added By', sortable: true, render: (a) => a.created_by_name ?? '' },
    { key: 'created_at', header: 'Added', sortable: true, render: (a) => formatDisplayDate(a.created_at) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: '',
            width: 60,
            render: (a: Attachment) => (
              <ActionIcon variant="subtle" color="red.9" aria-label={`Remove ${a.name}`} onClick={() => void remove(a)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ),
          },
        ]
      : []),
  ];
  if (query.isError) return <SectionRefusal error={query.error} />;
  return (
    <Stack gap="sm">
      <SubNav group="related_info" label="Related info" />
      <Group justify="space-between">
        <Title order={2} size="h4">
          Attachments
        </Title>
        {canEdit && <Button onClick={() => setAdding(true)}>Add Attachment</Button>}
      </Group>
      <SortableTable
        label="Attachments"
        columns={columns}
        rows={table.pageRows}
        rowKey={(a) => a.id}
        loading={query.isPending}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: 'Attachments', hint: false }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Attachments"
            onPageChange={table.setPage}
          />
        }
      />
      <ActionDialog
        opened={adding}
        title="Add Attachment"
        actionLabel="Upload"
        busy={progress !== null}
        actionDisabled={!file}
        onClose={() => {
          // Whatever closed the dialog, it opens next time with no file, as the other dialogs do.
          setAdding(false);
          chooseFile(null);
        }}
        onConfirm={() => void add()}
      >
        <FileUploadField
          label="File"
          required
          value={file}
          onChange={chooseFile}
          progress={progress}
          error={fileError}
        />
      </ActionDialog>
    </Stack>
  );
}
