import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBytes } from './export-buttons';
import { ApiError } from '../../lib/api-client';
import { errorsOf } from './report-errors';
import { downloadFile } from './reports-api';

export interface DownloadDocumentsButtonProps {
  readonly orgId: string;
  readonly pnpId: number | null;
  readonly pnpName: string;
  readonly onError: (errors: readonly string[] | null) => void;
}

/** A retired P&P's versions as one zip (GET o/{org}/reporting/retired_pnps/{pnpId}/download_documents). */
export function DownloadDocumentsButton({ orgId, pnpId, pnpName, onError }: DownloadDocumentsButtonProps) {
  const [received, setReceived] = useState<number | null>(null);
  if (pnpId === null) return null;
  const run = async (): Promise<void> => {
    setReceived(0);
    onError(null);
    try {
      await downloadFile(
        `o/${encodeURIComponent(orgId)}/reporting/retired_pnps/${pnpId}/download_documents`,
        undefined,
        `${pnpName} - versions.zip`,
        setReceived,
      );
    } catch (error) {
      // A refusal the application has already told (an ended session: the sign-in screen).
      if (error instanceof ApiError && error.handled) return;
      onError(errorsOf(error, `The documents of ${pnpName} could not be downloaded.`));
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileZip size={14} aria-hidden />}
      loading={received !== null}
      aria-label={`Download documents of ${pnpName}`}
      onClick={() => void run()}
    >
      {received !== null && received > 0 ? formatBytes(received) : 'Download Documents'}
    </Button>
  );
}
