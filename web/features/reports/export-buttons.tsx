import { Button, Group, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorsOf } from './report-errors';
import type { ReportApiQuery } from './report-query';
import { downloadFile } from './reports-api';

/** How much of a download has arrived, for the progress line (a streamed file has no size up front). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Format = 'csv' | 'xlsx';

export interface ExportButtonsProps {
  readonly path: string;
  /** The screen's filters and sort (no page): the export is the whole filtered report. */
  readonly query: ReportApiQuery;
  readonly title: string;
  readonly onError: (errors: readonly string[] | null) => void;
}

/** 'Export CSV' and 'Export XLSX': the same report URL with format=csv|xlsx, saved as the server names it. */
export function ExportButtons({ path, query, title, onError }: ExportButtonsProps) {
  const [running, setRunning] = useState<Format | null>(null);
  const [received, setReceived] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops a download still under way.
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (format: Format): Promise<void> => {
    setRunning(format);
    setReceived(0);
    setDone(null);
    onError(null);
    const abort = new AbortController();
    controller.current = abort;
    try {
      const name = await downloadFile(path, { ...query, format }, `report.${format}`, setReceived, abort.signal);
      setDone(name);
    } catch (error) {
      if (abort.signal.aborted) setDone(null);
      // A refusal the application has already told (an ended session: the sign-in screen).
      else if (error instanceof ApiError && error.handled) return;
      else onError(errorsOf(error, `The ${format.toUpperCase()} export of ${title} could not be downloaded.`));
    } finally {
      controller.current = null;
      setRunning(null);
    }
  };

  return (
    <Group gap="sm" wrap="wrap">
      <Text component="div" size="sm" c="dimmed" role="status" aria-live="polite" data-testid="export-status">
        {running ? (
          <Group gap={6} component="span" wrap="nowrap">
            <Loader size="xs" />
            {`Downloading ${running.toUpperCase()}… ${formatBytes(received)}`}
          </Group>
        ) : done ? (
          `Downloaded ${done}`
        ) : null}
      </Text>
      {running && (
        <Button variant="subtle" color="gray" onClick={() => controller.current?.abort()}>
          Cancel Export
        </Button>
      )}
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={running === format}
          disabled={running !== null && running !== format}
          onClick={() => void run(format)}
        >
          {`Export ${format.toUpperCase()}`}
        </Button>
      ))}
    </Group>
  );
}
