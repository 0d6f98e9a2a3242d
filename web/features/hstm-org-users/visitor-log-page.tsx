import { Alert, Anchor, Card, Loader, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { formatMessageDateTime } from '../../lib/format';
import { errorsOf } from '../../lib/errors-of';
import { orgUserKeys, orgUsersApi } from './org-users-api';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}

/** hstm/orgs/{orgId}/pm_users/{userId}/visitor_logs/{visitorLogId}: one sign-in. */
export function VisitorLogPage() {
  const { orgId = '', userId = '', visitorLogId = '' } = useParams();
  const query = useQuery({
    queryKey: orgUserKeys.log(orgId, userId, visitorLogId),
    queryFn: () => orgUsersApi.visitorLog(orgId, userId, visitorLogId),
  });
  // Back to the page of the list the visit was opened from (the list passes it along).
  const state: unknown = useLocation().state;
  const from =
    typeof state === 'object' && state !== null && 'visitorLogsPage' in state ? Number(state.visitorLogsPage) : 1;
  const listPage = Number.isInteger(from) && from > 1 ? `?page=${from}` : '';
  const back = (
    <Anchor component={Link} to={`/hstm/orgs/${orgId}/pm_users/${userId}/visitor_logs${listPage}`} size="sm">
      Back to Visitor Logs
    </Anchor>
  );
  if (query.isPending) return <Loader aria-label="Loading" />;
  if (query.isError)
    return (
      <>
        <Alert color="red" role="alert" mb="md">
          {errorsOf(query.error).join(' ')}
        </Alert>
        {back}
      </>
    );
  const log = query.data.visitor_log;
  return (
    <>
      <Card withBorder mb="md" aria-label="Visit">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Signed In" value={formatMessageDateTime(log.signed_in_at)} />
          <Field label="Signed Out" value={log.signed_out_at ? formatMessageDateTime(log.signed_out_at) : '—'} />
          <Field label="IP Address" value={log.ip ?? '—'} />
          <Field label="Browser" value={log.browser} />
          <Field label="Login As By" value={log.sudoer_name ?? '—'} />
          <Field label="User Agent" value={log.user_agent ?? '—'} />
        </SimpleGrid>
      </Card>
      {back}
    </>
  );
}
