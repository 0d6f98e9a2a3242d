import { Alert, Anchor, Badge, Button, Collapse, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { UserBulkUpload } from '../../../../shared/api/user-bulk-uploads';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { Page } from '../../../components/page';
import { PaginationFooter } from '../../../components/pagination-footer';
import { useClientTable } from '../../../components/use-client-table';
import { formatDisplayDate } from '../../../lib/format';
import { errorsOf } from '../../../lib/errors-of';
import { listUserBulkUploads, userBulkUploadKeys } from '../api/user-bulk-uploads-api';

const STATUS: Record<UserBulkUpload['status'], { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const describe = (e: UserBulkUpload['errors'][number]): string =>
  e.row === null ? e.message : `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`;

/** 'Show 3 errors', or 'Show 500 of 1,234 errors' when the history kept the first of more. */
function errorsButtonText(upload: UserBulkUpload, opened: boolean): string {
  const shown = upload.errors.length;
  const all = Math.max(upload.error_count, shown);
  const count = all > shown ? `${shown} of ${all.toLocaleString('en-US')}` : String(shown);
  return `${opened ? 'Hide' : 'Show'} ${count} ${all === 1 ? 'error' : 'errors'}`;
}

/** The line after the problems kept: '…and 1 more problem.', '…and 734 more problems.' */
const moreProblems = (more: number): string =>
  `…and ${more.toLocaleString('en-US')} more ${more === 1 ? 'problem' : 'problems'}.`;

/** orgs/{orgId}/users/import_history: every bulk upload of users, newest first, with its problems. */
export function ImportHistoryPage() {
  const { orgId = '' } = useParams();
  const history = useQuery({ queryKey: userBulkUploadKeys.history(orgId), queryFn: () => listUserBulkUploads(orgId) });
  const [open, setOpen] = useState<number | null>(null);
  // Ten uploads a page (spec §2's pagination), newest first as the server lists them.
  const table = useClientTable(history.data?.user_bulk_uploads ?? []);
  const uploads = table.pageRows;
  return (
    <Page
      title="Import History"
      actions={
        <Anchor component={Link} to={`/orgs/${orgId}/users/bulk_upload`}>
          Bulk Upload
        </Anchor>
      }
    >
      <Paper withBorder radius="md" p="lg">
        {history.isPending && <LoadingIndicator />}
        {/* A history that failed to load is not an empty one: say what went wrong instead. */}
        {history.isError && (
          <Alert color="red" role="alert">
            {errorsOf(history.error).join(' ')}
          </Alert>
        )}
        {history.isSuccess && uploads.length === 0 && (
          <NoRecordsPanel
            items="Uploads"
            hint={false}
            message="Each bulk upload of users, with what it imported and the problems it found, is listed here."
            action={{ label: 'Bulk Upload', to: `/orgs/${orgId}/users/bulk_upload` }}
          />
        )}
        {uploads.length > 0 && (
          <Table aria-label="Import History" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Uploaded By</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Rows</Table.Th>
                <Table.Th>Imported</Table.Th>
                <Table.Th>Failed</Table.Th>
                <Table.Th>Errors</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uploads.map((u) => (
                <Fragment key={u.id}>
                  <Table.Tr data-testid="import-row">
                    <Table.Td>{formatDisplayDate(u.created_at)}</Table.Td>
                    <Table.Td>{u.file_name ?? '—'}</Table.Td>
                    <Table.Td>{u.created_by_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[u.status].color} variant="light">
                        {STATUS[u.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{u.total}</Table.Td>
                    <Table.Td>{u.succeeded}</Table.Td>
                    <Table.Td>{u.failed}</Table.Td>
                    <Table.Td>
                      {u.errors.length > 0 ? (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          aria-expanded={open === u.id}
                          aria-controls={`import-errors-${u.id}`}
                          onClick={() => setOpen(open === u.id ? null : u.id)}
                        >
                          {errorsButtonText(u, open === u.id)}
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {u.errors.length > 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={8} p={0} style={{ borderTop: open === u.id ? undefined : 'none' }}>
                        <Collapse expanded={open === u.id} id={`import-errors-${u.id}`}>
                          <Stack gap={2} p="sm">
                            {u.errors.map((e, n) => (
                              <Text key={n} size="sm" c="red.8">
                                {describe(e)}
                              </Text>
                            ))}
                            {u.error_count > u.errors.length && (
                              <Text size="sm" c="red.8">
                                {moreProblems(u.error_count - u.errors.length)}
                              </Text>
                            )}
                          </Stack>
                        </Collapse>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <PaginationFooter
          total={table.total}
          page={table.page}
          pageSize={table.pageSize}
          label="Uploads"
          onPageChange={table.setPage}
        />
      </Paper>
    </Page>
  );
}
