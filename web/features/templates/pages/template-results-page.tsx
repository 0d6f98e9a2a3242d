import { Box, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/domain/limits';
import { Page } from '../../../components/page';
import { useUrlParams } from '../../../lib/url-params';
import { usePagerFocus } from '../../../components/pager-focus';
import { searchTemplates } from '../api/search-templates';
import { templateKeys } from '../api/template-keys';
import { SourceFilter, sourceOf } from '../components/source-filter';
import { TemplateList } from '../components/template-list';
import { TemplateSearchForm } from '../components/template-search-form';

/** orgs/{orgId}/template_library/results: templates matching a phrase, ten at a time. */
export function TemplateResultsPage() {
  const { orgId = '' } = useParams();
  const [params, changeParams] = useUrlParams();
  const phrase = params.get('phrase')?.trim() ?? '';
  const source = sourceOf(params.get('source'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;
  const results = useQuery({
    queryKey: templateKeys.search(orgId, phrase, source, offset),
    queryFn: () => searchTemplates(orgId, phrase, offset, source),
    enabled: Boolean(phrase),
    // No placeholder from the previous search, source or page: its templates (and its count in the
    // subtitle) would stay on screen as if they were this search's. 'Loading Records...' until they come.
  });
  const loading = Boolean(phrase) && results.isPending;
  const pager = usePagerFocus(page, loading);
  // A new history entry each time (Back returns to the previous search, source or page), built from
  // the address now: a source just chosen is kept by a page clicked before it is drawn.
  const go = (next: { phrase?: string; source?: string | null; page?: number }) =>
    changeParams(
      (current) => {
        const query = new URLSearchParams();
        query.set('phrase', next.phrase ?? current.get('phrase')?.trim() ?? '');
        const s = next.source === undefined ? sourceOf(current.get('source')) : next.source;
        if (s) query.set('source', s);
        if (next.page && next.page > 1) query.set('page', String(next.page));
        return query;
      },
      { push: true },
    );
  const total = results.data?.total ?? 0;
  return (
    <Page
      subtitle={
        results.data
          ? `${total} ${total === 1 ? 'template matches' : 'templates match'} “${phrase}”`
          : 'Search the templates.'
      }
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TemplateSearchForm key={phrase} initial={phrase} onSearch={(next) => go({ phrase: next })} />
        <SourceFilter value={source} onChange={(next) => go({ source: next })} />
      </Group>
      {/* Busy for screen readers while the templates are loading, as the lists' tables are. */}
      <Box aria-busy={loading || undefined} data-testid="template-results">
        <TemplateList
          orgId={orgId}
          templates={results.data?.templates ?? []}
          loading={loading}
          failure={
            results.isError
              ? { error: results.error, retrying: results.isFetching, onRetry: () => void results.refetch() }
              : null
          }
          total={total}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPageChange={(next) => {
            pager.remember();
            go({ page: next });
          }}
        />
      </Box>
    </Page>
  );
}
