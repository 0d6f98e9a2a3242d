import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { LibraryItem } from '../../../../shared/api/library';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { errorsOf } from '../../../lib/errors-of';
import { formatDisplayDate } from '../../../lib/format';
import { FavoriteButton } from './favorite-button';
import { LibraryPagination } from './library-pagination';
import { PnpLink } from './pnp-link';
import { ReviewStateBadge } from './review-state-badge';
import { SnippetText } from './snippet-text';

const MATCH_LABELS: Record<string, string> = {
  name: 'Name',
  location: 'Location',
  description: 'Description',
  document: 'Document',
};

export interface ResultListProps {
  readonly orgId: string;
  readonly items: readonly LibraryItem[];
  readonly total: number;
  /** The server stopped counting at `total` ('10,000+'). */
  readonly capped?: boolean;
  readonly page: number;
  readonly pageSize: number;
  readonly loading: boolean;
  /** The search failed (the query's error, null otherwise): said instead of "no match". */
  readonly error?: unknown;
  readonly onPageChange: (page: number) => void;
}

/** Search results: each P&P with where it was found and a highlighted extract of its document. */
export function ResultList({
  orgId,
  items,
  total,
  capped,
  page,
  pageSize,
  loading,
  error = null,
  onPageChange,
}: ResultListProps) {
  if (loading) return <LoadingIndicator />;
  if (items.length === 0 && error != null) {
    return (
      <Alert color="red" role="alert" title="The search could not be completed">
        {errorsOf(error).join(' ')}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md">
        <NoRecordsPanel items="P&Ps" message="No published P&P you may read matches this search." />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Stack gap={0} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Search results">
        {items.map((item) => (
          <Stack
            key={item.pnp_id}
            component="li"
            gap={6}
            px="md"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap={6}>
                  <PnpLink orgId={orgId} pnpId={item.pnp_id} versionId={item.version_id} name={item.name} />
                  <ReviewStateBadge state={item.review_state} />
                </Group>
                <Text size="sm" c="dimmed">
                  {item.location}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed" aria-label={`Published ${formatDisplayDate(item.published_at)}`}>
                  {formatDisplayDate(item.published_at)}
                </Text>
                <FavoriteButton orgId={orgId} pnpId={item.pnp_id} name={item.name} favorite={item.favorite} />
              </Group>
            </Group>
            {item.description && <Text size="sm">{item.description}</Text>}
            {item.snippet && <SnippetText parts={item.snippet} />}
            {item.matched_in && item.matched_in.length > 0 && (
              <Group gap={6} aria-label="Found in">
                <Text size="xs" c="dimmed">
                  Found in
                </Text>
                {item.matched_in.map((where) => (
                  <Badge key={where} size="sm" variant="light" color="gray">
                    {MATCH_LABELS[where]}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
      <LibraryPagination
        total={total}
        capped={capped ?? false}
        page={page}
        pageSize={pageSize}
        label="P&Ps"
        onPageChange={onPageChange}
      />
    </Paper>
  );
}
