import { Anchor, Badge, Button, Group, Modal, Select, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  IDP_OPTIONS,
  ORG_SORT_KEYS,
  ORG_STATUS_OPTIONS,
  ORG_SUCCESS,
  type Org,
  type OrgSortKey,
} from '../../../shared/api/hstm-orgs';
import { Page } from '../../components/page';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { toggleSort } from '../../components/sort-state';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { toasts } from '../../lib/alerts';
import { formatDisplayDate } from '../../lib/format';
import { setFilterValues, useUrlParams } from '../../lib/url-params';
import { OrgForm, orgInputOf, orgValuesOf, type OrgFormValues } from './org-form';
import { orgKeys, orgsApi, type OrgFilters } from './orgs-api';

const PAGE_SIZE = 10;
const STATUS_FILTER = ORG_STATUS_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));
const STATUS_COLOURS: Record<number, string> = { 0: 'gray', 1: 'green', 2: 'red' };

function filtersOf(p: URLSearchParams): OrgFilters {
  const page = Number(p.get('page') ?? '1');
  const sort = p.get('sort');
  const status = p.get('status') ?? '';
  const idp = p.get('idp') ?? '';
  return {
    search: p.get('search') ?? '',
    status: STATUS_FILTER.some((o) => o.value === status) ? status : '',
    idp: IDP_OPTIONS.some((o) => o.value === idp) ? idp : '',
    sort: ORG_SORT_KEYS.includes(sort as OrgSortKey) ? (sort as OrgSortKey) : 'name',
    dir: p.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: PAGE_SIZE,
  };
}

type Editing = { kind: 'new' } | { kind: 'edit'; org: Org } | null;

/** hstm/orgs: every organisation, searched, filtered by status and sign-in source (staff permission 3). */
export function OrgsPage() {
  const queryClient = useQueryClient();
  const [params, changeParams] = useUrlParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.search);
  const [editing, setEditing] = useState<Editing>(null);

  const query = useQuery({
    queryKey: orgKeys.list(filters),
    queryFn: () => orgsApi.list(filters),
    // No placeholder from the previous filters, sort or page: its organisations would stay on screen
    // as if they were these. The table says it is loading until they come (as on Tasks).
  });
  const pager = usePagerFocus(filters.page, query.isPending);

  const setFilters = (values: Record<string, string | null>): void =>
    changeParams((next) => setFilterValues(next, values));

  const save = async (values: OrgFormValues): Promise<void> => {
    const org = orgInputOf(values);
    if (editing?.kind === 'edit') {
      await orgsApi.update(editing.org.id, { org });
      toasts.success(ORG_SUCCESS.updated);
    } else {
      await orgsApi.create({ org });
      toasts.success(ORG_SUCCESS.created);
    }
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: orgKeys.all });
  };

  const columns: TableColumn<Org>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (o) => (
        <Anchor component={Link} to={`/hstm/orgs/${o.id}`} size="sm">
          {o.name}
        </Anchor>
      ),
    },
    { key: 'tenant', header: 'Tenant', sortable: true, render: (o) => o.tenant },
    {
      key: 'location',
      header: 'Location',
      sortable: true,
      render: (o) => (o.location ? <span title={o.location_name ?? undefined}>{o.location}</span> : '—'),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: 110,
      render: (o) => (
        <Badge color={STATUS_COLOURS[o.status] ?? 'gray'} variant="light">
          {o.status_label}
        </Badge>
      ),
    },
    { key: 'idp_provider', header: 'Sign-in Source', sortable: true, render: (o) => o.idp_label ?? 'Not set' },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      width: 130,
      render: (o) => formatDisplayDate(o.created_at),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (o) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={`Edit ${o.name}`}
            onClick={() => setEditing({ kind: 'edit', org: o })}
          >
            Edit
          </Button>
          <Button
            component={Link}
            to={`/hstm/orgs/${o.id}/templates`}
            size="xs"
            variant="subtle"
            aria-label={`Templates of ${o.name}`}
          >
            Templates
          </Button>
        </Group>
      ),
    },
  ];

  const data = query.data;
  return (
    <Page
      subtitle="Every organisation, its status and how its users sign in."
      actions={<Button onClick={() => setEditing({ kind: 'new' })}>New Organization</Button>}
    >
      <Group gap="md" align="flex-end" mb="md" role="search" aria-label="Organization filters">
        <TextInput
          label="Search"
          placeholder="Name or tenant key"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilters({ search: search.trim() });
          }}
          onBlur={() => setFilters({ search: search.trim() })}
          w={260}
        />
        <Select
          label="Status"
          placeholder="All"
          data={STATUS_FILTER}
          value={filters.status || null}
          onChange={(v) => setFilters({ status: v })}
          clearable
          w={160}
        />
        <Select
          label="IdP"
          placeholder="All"
          data={IDP_OPTIONS}
          value={filters.idp || null}
          onChange={(v) => setFilters({ idp: v })}
          clearable
          w={180}
        />
      </Group>
      <SortableTable
        label="Organizations"
        columns={columns}
        rows={data?.organizations ?? []}
        rowKey={(o) => o.id}
        loading={query.isPending}
        error={query.error}
        sort={{ key: filters.sort, dir: filters.dir }}
        onSort={(key) => {
          const next = toggleSort({ key: filters.sort, dir: filters.dir }, key);
          setFilters({ sort: next.key, dir: next.dir });
        }}
        empty={{ items: 'Organizations', message: 'No organizations match these filters.' }}
        footer={
          data && (
            <PaginationFooter
              total={data.total}
              page={data.page}
              pageSize={data.per_page}
              label="Organizations"
              onPageChange={(page) => {
                pager.remember();
                setFilters({ page: String(page) });
              }}
            />
          )
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? 'Edit Organization' : 'New Organization'}
        size="lg"
        // A click beside the form (easily made while picking from a list) closed it and lost what was
        // typed; Cancel, the close button and Escape still close it.
        closeOnClickOutside={false}
      >
        {editing !== null && (
          <OrgForm
            key={editing.kind === 'edit' ? editing.org.id : 'new'}
            initial={editing.kind === 'edit' ? orgValuesOf(editing.org) : undefined}
            submitLabel={editing.kind === 'edit' ? 'Save' : 'Create'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Page>
  );
}
