import { Alert, Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PnpDocument } from '../../../../shared/api/pnp-documents';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { documentFileUrl, getPreview } from '../api/document-file';
import { SectionRefusal } from './section-refusal';
import { pnpKeys } from '../api/pnp-keys';
import { onDownloadClick } from '../../../lib/checked-download';

/**
 * The version's document in the page: a PDF in the browser's own viewer (the file URL with
 * action_name=view), a DOCX as HTML converted on the server, a TXT as text; anything else offers
 * the download.
 */
export function PreviewPanel({
  orgId,
  document,
  title,
}: {
  readonly orgId: string;
  readonly document: PnpDocument;
  readonly title: string;
}) {
  const pnpId = String(document.pnp_id);
  const docId = String(document.id);
  const preview = useQuery({
    queryKey: [...pnpKeys.preview(orgId, pnpId, docId), document.file?.id ?? 0],
    queryFn: () => getPreview(orgId, pnpId, docId),
  });
  const download = documentFileUrl(orgId, pnpId, docId, 'edit');
  if (!document.file) return <Alert color="gray">This version has no file.</Alert>;
  if (preview.isError) return <SectionRefusal error={preview.error} />;
  const header = (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" fw={600} data-testid="preview-file-name">
          {document.file.name}
        </Text>
        <Button
          component="a"
          href={download}
          onClick={onDownloadClick}
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Download
        </Button>
      </Group>
      {document.file.search_truncated && (
        <Alert color="yellow" mb="sm" title="Search">
          Only the first part of this document can be searched.
        </Alert>
      )}
    </>
  );
  if (preview.isPending) return <LoadingIndicator />;
  const data = preview.data;
  if (data?.kind === 'pdf') {
    return (
      <Box>
        {header}
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe
            src={documentFileUrl(orgId, pnpId, docId, 'view')}
            title={`${title} (PDF)`}
            data-testid="pdf-preview"
            style={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
          />
        </Paper>
      </Box>
    );
  }
  if (data?.kind === 'html') {
    return (
      <Box>
        {header}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Box
            className="tenet-document"
            data-testid="document-html"
            role="document"
            aria-label={`${title} (document)`}
            style={{ maxWidth: 820, margin: '0 auto', lineHeight: 1.6 }}
            dangerouslySetInnerHTML={{ __html: data.html ?? '' }}
          />
        </Paper>
      </Box>
    );
  }
  if (data?.kind === 'text') {
    return (
      <Box>
        {header}
        <Paper withBorder radius="md" p="md">
          <Text
            component="pre"
            size="sm"
            data-testid="document-text"
            style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}
          >
            {data.text}
          </Text>
        </Paper>
      </Box>
    );
  }
  return (
    <Box>
      {header}
      <Alert color="gray">
        This file cannot be shown in the page.{' '}
        <Anchor href={download} onClick={onDownloadClick}>
          Download {document.file.name}
        </Anchor>{' '}
        to open it.
      </Alert>
    </Box>
  );
}
