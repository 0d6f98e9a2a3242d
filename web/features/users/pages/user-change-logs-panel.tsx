import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log-table';
import { userChangeLogs, userKeys } from '../api/users-api';
import { errorsOf } from '../../../lib/errors-of';
import { UserHeader } from '../components/user-header';

/** orgs/{orgId}/users/{userId}/change_logs: every change made to the user (spec §2). */
export function UserChangeLogsPanel() {
  const { orgId = '', userId = '' } = useParams();
  const query = useQuery({ queryKey: userKeys.logs(orgId, userId), queryFn: () => userChangeLogs(orgId, userId) });
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  return (
    <>
      <UserHeader />
      <ChangeLogTable
        entries={query.data?.change_logs ?? []}
        truncated={query.data?.truncated}
        loading={query.isPending}
        showType={false}
      />
    </>
  );
}
