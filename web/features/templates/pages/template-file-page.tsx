import { Alert, Box, Button, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { fetchTemplate } from '../api/get-template';
import { fetchTemplatePreview, templateFileUrl } from '../api/template-file';
import { templateKeys } from '../api/template-keys';
import { onDownloadClick } from '../../../lib/checked-download';

/** orgs/{orgId}/template_library/{templateId}/file: the template document rendered in the page. */
export function TemplateFilePage() {
  const { orgId = '', templateId = '' } = useParams();
  const template = useQuery({
    queryKey: templateKeys.one(orgId, templateId),
    queryFn: () => fetchTemplate(orgId, templateId),
  });
  const preview = useQuery({
    queryKey: templateKeys.preview(orgId, templateId),
    queryFn: () => fetchTemplatePreview(orgId, templateId),
  });
  const name = template.data?.name ?? 'Template';
  return (
    <Page
      title={name}
      subtitle={template.data?.file_name}
      actions={
        <Button
          component="a"
          href={templateFileUrl(orgId, templateId, 'download')}
          onClick={onDownloadClick}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download
        </Button>
      }
    >
      {/* Its name and file name: the page would otherwise name no template (the preview's own
          load says that it is still coming). */}
      {template.isError && !template.data && <QueryStatus query={template} title="The template could not be loaded" />}
      {!preview.data ? (
        // Still coming, or failed: a failed load is not 'this file cannot be shown'.
        <QueryStatus query={preview} title="The template's file could not be loaded">
          <Text size="sm">Use Download to open it.</Text>
        </QueryStatus>
      ) : preview.data.kind === 'html' ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {/* Converted and cleaned on the server; the page's Content-Security-Policy allows no inline script. */}
          <Box
            className="tenet-document"
            role="document"
            aria-label={`${name} (document)`}
            data-testid="document-html"
            style={{ maxWidth: 820, margin: '0 auto', lineHeight: 1.6 }}
            dangerouslySetInnerHTML={{ __html: preview.data.html ?? '' }}
          />
        </Paper>
      ) : preview.data.kind === 'pdf' ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe
            src={templateFileUrl(orgId, templateId, 'view')}
            title={`${name} (PDF)`}
            style={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
          />
        </Paper>
      ) : (
        <Alert color="gray">This file cannot be shown in the page. Use Download to open it.</Alert>
      )}
    </Page>
  );
}
