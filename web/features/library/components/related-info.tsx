import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { fetchLibraryRelated, libraryAttachmentUrl } from '../api/get-library-related';
import { libraryKeys } from '../api/library-keys';
import { PnpLink } from './pnp-link';
import { onDownloadClick } from '../../../lib/checked-download';

const KB = 1024;
const fileSize = (bytes: number): string =>
  bytes < KB ? `${bytes} B` : bytes < KB * KB ? `${Math.round(bytes / KB)} KB` : `${(bytes / KB / KB).toFixed(1)} MB`;

function Section({
  title,
  empty,
  children,
}: {
  readonly title: string;
  readonly empty: boolean;
  readonly children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            No {title} to show
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** What a reader sees beside a published P&P: its attachments, additional information and linked P&Ps. */
export function RelatedInfo({ orgId, pnpId }: { readonly orgId: string; readonly pnpId: number }) {
  const query = useQuery({
    queryKey: libraryKeys.related(orgId, String(pnpId)),
    queryFn: () => fetchLibraryRelated(orgId, pnpId),
  });
  const related = query.data;
  if (!related) {
    return <QueryStatus query={query} title="The attachments, additional info and linked P&Ps could not be loaded" />;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="related-info">
      <Section title="Attachments" empty={related.attachments.length === 0}>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {related.attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap={6} wrap="nowrap">
              <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor
                href={libraryAttachmentUrl(orgId, pnpId, attachment.id)}
                onClick={onDownloadClick}
                download={attachment.name}
                size="sm"
                style={{ wordBreak: 'break-word' }}
              >
                {attachment.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {fileSize(attachment.size_bytes)}
              </Text>
              <IconDownload size={14} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
          ))}
        </Stack>
      </Section>
      <Section title="Additional Info" empty={related.additional_infos.length === 0}>
        {related.additional_infos.map((info) => (
          <Stack key={info.id} gap={2}>
            <Text size="sm" fw={600}>
              {info.title}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {info.content}
            </Text>
          </Stack>
        ))}
      </Section>
      <Section title="Linked P&Ps" empty={related.linked_pnps.length === 0}>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {related.linked_pnps.map((pnp) => (
            <Stack key={pnp.pnp_id} gap={0} component="li">
              <PnpLink orgId={orgId} pnpId={pnp.pnp_id} versionId={pnp.version_id} name={pnp.name} />
              <Text size="xs" c="dimmed">
                {pnp.location}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Section>
    </SimpleGrid>
  );
}
