import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { ApiError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/format';
import { PnpNotFound } from '../../pnps/components/pnp-not-found';
import { AcknowledgeControl } from '../../read-acks/index';
import { fetchLibraryItem } from '../api/get-library-item';
import { fetchLibraryPreview, libraryFileUrl } from '../api/library-file';
import { libraryKeys } from '../api/library-keys';
import { DocumentViewer } from '../components/document-viewer';
import { FavoriteButton } from '../components/favorite-button';
import { readingPath } from '../components/pnp-link';
import { ReviewStateBadge } from '../components/review-state-badge';
import { RelatedInfo } from '../components/related-info';
import { onDownloadClick } from '../../../lib/checked-download';

function Fact({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** orgs/{orgId}/pnps/{pnpId}/library/{versionId}: a published P&P as its readers see it. */
export function LibraryReadingPage() {
  const { orgId = '', pnpId = '', versionId = '' } = useParams();
  const navigate = useNavigate();
  // Opening records a view (recently viewed, views report): once per visit, not on every refocus.
  const query = useQuery({
    queryKey: libraryKeys.item(orgId, pnpId),
    queryFn: () => fetchLibraryItem(orgId, pnpId),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const item = query.data?.item;

  // The library shows the current Active version; an older link moves to it.
  useEffect(() => {
    if (item && String(item.version_id) !== versionId)
      void navigate(readingPath(orgId, item.pnp_id, item.version_id), { replace: true });
  }, [item, versionId, orgId, navigate]);

  // Reached from a "Read and acknowledge" notification or an old link: the P&P may be gone, or no
  // longer shared with the reader. Said as on the P&P's own screen, with the ways on, naming nothing.
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Page title="P&P not found">
        <PnpNotFound orgId={orgId} />
      </Page>
    );
  }
  const data = query.data;
  if (!data || !item) {
    return (
      <Page title="P&P">
        <QueryStatus query={query} title="The P&P could not be loaded" />
      </Page>
    );
  }
  return (
    <Page
      title={item.name}
      subtitle={item.location}
      actions={
        <Group gap="xs">
          <FavoriteButton orgId={orgId} pnpId={item.pnp_id} name={item.name} favorite={item.favorite} />
          <Button
            component="a"
            href={libraryFileUrl(orgId, item.pnp_id, 'download')}
            onClick={onDownloadClick}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!data.file}
          >
            Download
          </Button>
        </Group>
      }
    >
      <AcknowledgeControl orgId={orgId} pnpId={item.pnp_id} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {item.description && <Text size="sm">{item.description}</Text>}
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Fact label="Published" value={formatDisplayDate(item.published_at)} />
            <Fact label="Effective" value={formatDisplayDate(item.effective_dt)} />
            <Fact
              label="Review Due"
              value={
                <Group gap={6}>
                  {formatDisplayDate(item.review_dt) || '—'}
                  <ReviewStateBadge state={item.review_state} />
                </Group>
              }
            />
            <Fact label="Version" value={item.version_number ? String(item.version_number) : ''} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <DocumentViewer
        title={item.name}
        file={data.file}
        viewUrl={libraryFileUrl(orgId, item.pnp_id, 'view')}
        previewKey={libraryKeys.preview(orgId, pnpId, item.version_id)}
        fetchPreview={() => fetchLibraryPreview(orgId, item.pnp_id)}
      />
      <RelatedInfo orgId={orgId} pnpId={item.pnp_id} />
    </Page>
  );
}
