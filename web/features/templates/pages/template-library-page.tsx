import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/domain/limits';
import { pageSlice } from '../../../../shared/domain/pagination';
import { Page } from '../../../components/page';
import { useUrlParams } from '../../../lib/url-params';
import { fetchTemplates } from '../api/list-templates';
import { templateKeys } from '../api/template-keys';
import { SourceFilter, sourceOf } from '../components/source-filter';
import { TemplateList } from '../components/template-list';
import { TemplateSearchForm } from '../components/template-search-form';

/** orgs/{orgId}/template_library: the templates the organisation has, by source, and their search. */
export function TemplateLibraryPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const [params, changeParams] = useUrlParams();
  const source = sourceOf(params.get('source'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ queryKey: templateKeys.list(orgId, source), queryFn: () => fetchTemplates(orgId, source) });
  const templates = list.data?.templates ?? [];
  const set = (changes: Record<string, string | null>) =>
    changeParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
    });
  return (
    <Page subtitle="Ready-made P&P templates from the HealthStream Library and the Joint Commission.">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TemplateSearchForm
          onSearch={(phrase) =>
            void navigate(
              `/orgs/${orgId}/template_library/results?${new URLSearchParams({ phrase, ...(source ? { source } : {}) }).toString()}`,
            )
          }
        />
        <SourceFilter value={source} onChange={(next) => set({ source: next, page: null })} />
      </Group>
      <TemplateList
        orgId={orgId}
        templates={pageSlice(templates, page, DEFAULT_PAGE_SIZE)}
        loading={list.isPending}
        failure={
          list.isError ? { error: list.error, retrying: list.isFetching, onRetry: () => void list.refetch() } : null
        }
        total={templates.length}
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={(next) => set({ page: next === 1 ? null : String(next) })}
      />
    </Page>
  );
}
