import { Alert, Box, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LibraryFile } from '../../../../shared/api/library';
import type { FilePreview } from '../../../../shared/api/library';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { errorsOf } from '../../../lib/errors-of';

export interface DocumentViewerProps {
  readonly title: string;
  readonly file: LibraryFile | null;
  /** Where the browser gets the PDF itself (inline). */
  readonly viewUrl: string;
  readonly previewKey: readonly unknown[];
  readonly fetchPreview: () => Promise<FilePreview>;
}

/**
 * The document in the page: a PDF in the browser's own viewer, a DOCX as HTML (converted and
 * cleaned on the server; the page's Content-Security-Policy allows no inline script either).
 */
export function DocumentViewer({ title, file, viewUrl, previewKey, fetchPreview }: DocumentViewerProps) {
  const html = useQuery({ queryKey: previewKey, queryFn: fetchPreview, enabled: file?.preview === 'html' });
  if (!file) return <Alert color="gray">This version has no file.</Alert>;
  if (file.preview === 'pdf') {
    return (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <iframe
          src={viewUrl}
          title={`${title} (PDF)`}
          style={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
        />
      </Paper>
    );
  }
  if (file.preview === 'html') {
    if (html.isPending) return <LoadingIndicator />;
    if (html.isError) {
      return (
        <LoadFailedAlert
          color="orange"
          title="This document could not be shown in the page"
          messages={errorsOf(html.error)}
          retrying={html.isFetching}
          onRetry={() => void html.refetch()}
        >
          <Text size="sm">Use Download to open it.</Text>
        </LoadFailedAlert>
      );
    }
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Box
          className="tenet-document"
          data-testid="document-html"
          aria-label={`${title} (document)`}
          role="document"
          style={{ maxWidth: 820, margin: '0 auto', lineHeight: 1.6 }}
          dangerouslySetInnerHTML={{ __html: html.data?.html ?? '' }}
        />
      </Paper>
    );
  }
  return <Alert color="gray">This file cannot be shown in the page. Use Download to open it.</Alert>;
}
