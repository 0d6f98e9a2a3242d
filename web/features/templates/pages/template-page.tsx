import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { formatDisplayDate } from '../../../lib/format';
import { useSessionFlags } from '../../../lib/session-store';
import { fetchTemplate } from '../api/get-template';
import { templateFileUrl } from '../api/template-file';
import { templateKeys } from '../api/template-keys';
import { onDownloadClick } from '../../../lib/checked-download';

/** orgs/{orgId}/template_library/{templateId}: one template, its file, and creating a P&P from it. */
export function TemplatePage() {
  const { orgId = '', templateId = '' } = useParams();
  const flags = useSessionFlags();
  const query = useQuery({
    queryKey: templateKeys.one(orgId, templateId),
    queryFn: () => fetchTemplate(orgId, templateId),
  });
  const template = query.data;
  if (!template) {
    return (
      <Page title="Template">
        <QueryStatus query={query} title="The template could not be loaded" />
      </Page>
    );
  }
  // Creating a P&P is for org admins, binder/folder owners and policy owners (product rules); the server decides per container.
  const mayCreate = flags.isOrgAdmin || flags.isBinderFolderOwner || flags.isPolicyOwner;
  return (
    <Page
      title={template.name}
      subtitle={
        <Badge variant="light" tt="none">
          {template.source}
        </Badge>
      }
      actions={
        <Group gap="xs">
          <Button component={Link} to="file" variant="default" leftSection={<IconFileText size={16} aria-hidden />}>
            View File
          </Button>
          <Button
            component="a"
            href={templateFileUrl(orgId, template.id, 'download')}
            onClick={onDownloadClick}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download
          </Button>
          {mayCreate && (
            <Button component={Link} to="new_pnp_from_template" leftSection={<IconPlus size={16} aria-hidden />}>
              Create P&P from Template
            </Button>
          )}
        </Group>
      }
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {template.description && <Text>{template.description}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Binders
              </Text>
              <Text size="sm">{template.binders.join(', ') || '—'}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Folders
              </Text>
              <Text size="sm">{template.folders.join(', ') || '—'}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Updated
              </Text>
              <Text size="sm">{formatDisplayDate(template.updated_at)}</Text>
            </Stack>
          </SimpleGrid>
        </Stack>
      </Paper>
    </Page>
  );
}
