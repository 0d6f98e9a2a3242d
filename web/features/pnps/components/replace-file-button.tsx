import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import type { PnpDocument } from '../../../../shared/api/pnp-documents';
import { Messages } from '../../../../shared/domain/messages';
import { toasts } from '../../../lib/alerts';
import { replaceFile } from '../api/replace-file';
import { ActionDialog } from './action-dialog';
import { fileErrorsOf } from './field-checks';
import { FileUploadField } from './file-upload-field';
import { showErrors } from '../../../lib/show-errors';
import { usePnpRefresh } from './use-pnp-refresh';

/** Replace File: a draft's (back to Authoring after it) or the Active version's, without a new version. */
export function ReplaceFileButton({ orgId, document }: { readonly orgId: string; readonly document: PnpDocument }) {
  const refresh = usePnpRefresh(orgId, document.pnp_id);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const chooseFile = (next: File | null): void => {
    setFile(next);
    setFileError(undefined);
  };
  const allowed = document.abilities.includes('upload_file') || document.abilities.includes('replace_published_file');
  if (!allowed) return null;
  const sendsBack = document.status === 1 && document.draft_stage !== null && document.draft_stage > 2;
  const save = async (): Promise<void> => {
    // Busy from the click, not from the first progress event: a second click sends nothing more.
    if (!file || progress !== null) return;
    setProgress(0);
    try {
      await replaceFile(orgId, document.pnp_id, document.id, file, {
        onProgress: (p) => setProgress(Math.round((p.loaded / p.total) * 100)),
      });
      toasts.success(Messages.recordUpdated);
      setOpen(false);
      setFile(null);
      await refresh();
    } catch (error) {
      const { file: aboutFile, rest } = fileErrorsOf(error);
      setFileError(aboutFile);
      if (rest !== null) showErrors(rest, { update: true });
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Replace File
      </Button>
      <ActionDialog
        opened={open}
        title="Replace File"
        actionLabel="Upload"
        busy={progress !== null}
        actionDisabled={!file}
        onClose={() => setOpen(false)}
        onConfirm={() => void save()}
      >
        {sendsBack && (
          <Alert color="orange">
            Changing the file sends this draft back to Authoring; its reviewers and approvers sign off again.
          </Alert>
        )}
        {document.status === 2 && (
          <Alert color="blue">
            The file of the Active version is replaced in place, without a new version. The change is logged.
          </Alert>
        )}
        <FileUploadField
          label="File"
          required
          value={file}
          onChange={chooseFile}
          progress={progress}
          error={fileError}
        />
      </ActionDialog>
    </>
  );
}
