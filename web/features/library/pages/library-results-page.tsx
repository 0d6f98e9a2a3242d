import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/domain/limits';
import { Page } from '../../../components/page';
import { usePagerFocus } from '../../../components/pager-focus';
import { useUrlParams } from '../../../lib/url-params';
import { fetchLibraryList } from '../api/get-library';
import { libraryKeys } from '../api/library-keys';
import { searchPnp } from '../api/search-pnp';
import { AdvancedSearchModal } from '../components/advanced-search-modal';
import { FilterChips } from '../components/filter-chips';
import { LibrarySearchForm } from '../components/library-search-form';
import { ResultList } from '../components/result-list';
import { filtersOf, resultsPath, resultsQuery } from './results-path';
import { matchSentence } from '../components/match-count';

/** orgs/{orgId}/pnps/results: a search (phrase) or an advanced search (filters), ten at a time. */
export function LibraryResultsPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const [params, changeParams] = useUrlParams();
  const [advanced, setAdvanced] = useState(false);
  const phrase = params.get('phrase')?.trim() ?? '';
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;
  const isAdvanced = !phrase && Object.keys(filters).length > 0;

  const results = useQuery({
    queryKey: isAdvanced
      ? libraryKeys.browse(orgId, { ...filters, offset, results: true })
      : libraryKeys.search(orgId, phrase, offset),
    queryFn: () =>
      isAdvanced
        ? fetchLibraryList(orgId, { ...filters, offset, limit: DEFAULT_PAGE_SIZE })
        : searchPnp(orgId, phrase, offset),
    enabled: Boolean(phrase) || isAdvanced,
    // No placeholder from the previous search or page: its P&Ps (and its count in the subtitle)
    // would stay on screen as if they were this search's. 'Loading Records...' until they come.
  });
  const pager = usePagerFocus(page, results.isPending);
  const total = results.data?.total ?? 0;
  const capped = results.data?.total_capped ?? false;

  return (
    <Page
      subtitle={
        results.data
          ? phrase
            ? matchSentence(total, capped, `“${phrase}”`)
            : matchSentence(total, capped, 'the advanced search')
          : 'Search the published P&Ps you may read.'
      }
    >
      <LibrarySearchForm
        key={phrase}
        initial={phrase || filters.words || ''}
        onSearch={(next) => void navigate(resultsPath(orgId, { phrase: next }))}
        onAdvanced={() => setAdvanced(true)}
      />
      {isAdvanced && <FilterChips orgId={orgId} filters={filters} />}
      {phrase || isAdvanced ? (
        // Busy for screen readers while the results are loading, as the lists' tables are.
        <Box aria-busy={results.isPending || undefined} data-testid="library-results">
          <ResultList
            orgId={orgId}
            items={results.data?.items ?? []}
            total={total}
            capped={capped}
            page={page}
            pageSize={DEFAULT_PAGE_SIZE}
            loading={results.isPending}
            error={results.error}
            onPageChange={(next) => {
              pager.remember();
              // The search as the address holds it now: one just submitted may not be drawn yet.
              changeParams(
                (current) => {
                  const asked = current.get('phrase')?.trim() ?? '';
                  return resultsQuery(asked ? { phrase: asked } : filtersOf(current), next);
                },
                { push: true },
              );
            }}
          />
        </Box>
      ) : (
        <Text c="dimmed">Enter words to search for, or open the advanced search.</Text>
      )}
      <AdvancedSearchModal
        opened={advanced}
        initial={isAdvanced ? filters : phrase ? { words: phrase } : {}}
        onClose={() => setAdvanced(false)}
        onSearch={(next) => {
          setAdvanced(false);
          void navigate(resultsPath(orgId, next));
        }}
      />
    </Page>
  );
}
