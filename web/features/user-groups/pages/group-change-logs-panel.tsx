import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log-table';
import { userGroupChangeLogs, userGroupKeys } from '../api/user-groups-api';
import { errorsOf } from '../components/errors-of';

/** orgs/{orgId}/user_groups/{groupId}/change_logs: every change made to the group (spec §2). */
export function GroupChangeLogsPanel() {
  const { orgId = '', groupId = '' } = useParams();
  const query = useQuery({
    queryKey: userGroupKeys.logs(orgId, groupId),
    queryFn: () => userGroupChangeLogs(orgId, groupId),
  });
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Change Logs
      </Title>
      <ChangeLogTable
        entries={query.data?.change_logs ?? []}
        truncated={query.data?.truncated}
        loading={query.isPending}
        showType={false}
      />
    </Stack>
  );
}
