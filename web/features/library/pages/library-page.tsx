import { Alert, Button, Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconList, IconSitemap, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  LIBRARY_TREE_MAX_ITEMS,
  LIBRARY_VIEWS,
  type LibraryItem,
  type LibrarySortKey,
  type LibraryView,
} from '../../../../shared/api/library';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/domain/limits';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { usePagerFocus } from '../../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { toggleSort, type SortState } from '../../../components/sort-state';
import { TruncatedText } from '../../../components/truncated-text';
import { formatDisplayDate } from '../../../lib/format';
import { useSessionFlags } from '../../../lib/session-store';
import { useUrlParams } from '../../../lib/url-params';
import { fetchLibraryList, fetchLibraryTree } from '../api/get-library';
import { libraryKeys } from '../api/library-keys';
import { AdvancedSearchModal } from '../components/advanced-search-modal';
import { FavoriteButton } from '../components/favorite-button';
import { LibrarySearchForm } from '../components/library-search-form';
import { LibraryTree } from '../components/library-tree';
import { PnpLink } from '../components/pnp-link';
import { ReviewStateBadge } from '../components/review-state-badge';
import { ViewFilter } from '../components/view-filter';
import { resultsPath } from './results-path';
import { LibraryPagination } from '../components/library-pagination';
import { matchCount } from '../components/match-count';

const SORTABLE: LibrarySortKey[] = ['name', 'location', 'published_at'];
const EMPTY_MESSAGES: Record<LibraryView, string> = {
  all: 'No published P&P is shared with you yet.',
  favorites: 'Mark a P&P with its star to find it here.',
  recently_viewed: 'P&Ps you open in the last year appear here.',
  recently_published: 'Nothing you may read was published in the last year.',
};

function columns(orgId: string): TableColumn<LibraryItem>[] {
  return [
    {
      key: 'favorite',
      header: <VisuallyHidden>Favorite</VisuallyHidden>,
      width: 48,
      render: (item) => <FavoriteButton orgId={orgId} pnpId={item.pnp_id} name={item.name} favorite={item.favorite} />,
    },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (item) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <PnpLink orgId={orgId} pnpId={item.pnp_id} versionId={item.version_id} name={item.name} />
            <ReviewStateBadge state={item.review_state} />
          </Group>
          {item.description && <TruncatedText text={item.description} length={120} size="sm" c="dimmed" />}
        </Stack>
      ),
    },
    { key: 'location', header: 'Location', sortable: true, render: (item) => <Text size="sm">{item.location}</Text> },
    {
      key: 'published_at',
      header: 'Published',
      sortable: true,
      width: 140,
      render: (item) => formatDisplayDate(item.published_at),
    },
  ];
}

/** orgs/{orgId}/pnps: the library of published P&Ps, as a list or a tree, with its views and search. */
export function LibraryPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const flags = useSessionFlags();
  const mayCreate = flags.isOrgAdmin || flags.isBinderFolderOwner || flags.isPolicyOwner;
  const [params, changeParams] = useUrlParams();
  const [advanced, setAdvanced] = useState(false);
  const viewParam = params.get('view') as LibraryView | null;
  const view: LibraryView = viewParam && (LIBRARY_VIEWS as readonly string[]).includes(viewParam) ? viewParam : 'all';
  const mode = params.get('mode') === 'tree' ? 'tree' : 'list';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortKey = params.get('sort') as LibrarySortKey | null;
  const sort: SortState | null =
    sortKey && SORTABLE.includes(sortKey) ? { key: sortKey, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' } : null;

  const update = (changes: Record<string, string | null>) =>
    changeParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
    });

  const browse = {
    view,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
    ...(sort ? { sort: sort.key as LibrarySortKey, dir: sort.dir } : {}),
  };
  const list = useQuery({
    queryKey: libraryKeys.browse(orgId, { ...browse, mode }),
    queryFn: () => fetchLibraryList(orgId, browse),
    enabled: mode === 'list',
    // No placeholder from the previous view, sort or page: its P&Ps would stay on screen as if they
    // were these. The table says it is loading until they come (as on Tasks).
  });
  const pager = usePagerFocus(page, list.isPending);
  const tree = useQuery({
    queryKey: libraryKeys.browse(orgId, { view, mode }),
    queryFn: () => fetchLibraryTree(orgId, { view }),
    enabled: mode === 'tree',
  });

  return (
    <Page
      subtitle="The published policies and procedures you may read."
      actions={
        // The template library is where a new P&P starts from a template: for those who may create one.
        mayCreate && (
          <Button
            component={Link}
            to={`/orgs/${orgId}/template_library`}
            variant="default"
            leftSection={<IconTemplate size={16} aria-hidden />}
          >
            Template Library
          </Button>
        )
      }
    >
      <Group gap="sm" wrap="wrap">
        <LibrarySearchForm
          onSearch={(phrase) => void navigate(resultsPath(orgId, { phrase }))}
          onAdvanced={() => setAdvanced(true)}
        />
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <ViewFilter
          value={view}
          onChange={(next) => update({ view: next === 'all' ? null : next, page: null, sort: null, dir: null })}
        />
        <SegmentedControl
          aria-label="Layout"
          value={mode}
          onChange={(next) => update({ mode: next === 'tree' ? 'tree' : null, page: null })}
          data={[
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={16} aria-hidden />
                  List
                </Group>
              ),
            },
            {
              value: 'tree',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconSitemap size={16} aria-hidden />
                  Tree
                </Group>
              ),
            },
          ]}
        />
      </Group>
      {mode === 'list' ? (
        <SortableTable
          label="Library"
          columns={columns(orgId)}
          rows={list.data?.items ?? []}
          rowKey={(item) => item.pnp_id}
          loading={list.isPending}
          error={list.error}
          sort={sort}
          onSort={(key) => {
            const next = toggleSort(sort, key);
            update({ sort: next.key, dir: next.dir, page: null });
          }}
          empty={{ items: 'P&Ps', message: EMPTY_MESSAGES[view] }}
          footer={
            <LibraryPagination
              total={list.data?.total ?? 0}
              capped={list.data?.total_capped ?? false}
              page={page}
              pageSize={DEFAULT_PAGE_SIZE}
              label="P&Ps"
              onPageChange={(next) => {
                pager.remember();
                update({ page: next === 1 ? null : String(next) });
              }}
            />
          }
        />
      ) : !tree.data ? (
        // Still coming, or failed: a failed load says so with a way to ask again, not the empty state.
        <QueryStatus query={tree} title="The library could not be loaded" />
      ) : (
        <Stack gap="xs">
          {tree.data.truncated && (
            <Alert color="blue">
              The tree shows the first {LIBRARY_TREE_MAX_ITEMS} of {matchCount(tree.data.total, tree.data.total_capped)}{' '}
              P&Ps. Use the list view or search to see the others.
            </Alert>
          )}
          {tree.data.tree.length > 0 ? (
            <LibraryTree orgId={orgId} nodes={tree.data.tree} expanded={view !== 'all'} />
          ) : (
            <SortableTable
              label="Library"
              columns={[]}
              rows={[]}
              rowKey={() => 0}
              sort={null}
              onSort={() => undefined}
              empty={{ items: 'P&Ps', message: EMPTY_MESSAGES[view] }}
            />
          )}
        </Stack>
      )}
      <AdvancedSearchModal
        opened={advanced}
        initial={{}}
        onClose={() => setAdvanced(false)}
        onSearch={(filters) => {
          setAdvanced(false);
          void navigate(resultsPath(orgId, filters));
        }}
      />
    </Page>
  );
}
