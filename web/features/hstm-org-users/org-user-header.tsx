import { Alert, Badge, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useParams } from 'react-router';
import type { StaffOrgUser } from '../../../shared/api/hstm-org-users';
import { StaffPermission, parseStaffPermissions } from '../../../shared/domain/roles';
import { useSession } from '../../lib/session-store';
import { sessionApi } from '../auth/api/session-api';
import { showErrors } from '../../lib/show-errors';
import { errorsOf } from '../../lib/errors-of';
import { orgUserKeys, orgUsersApi } from './org-users-api';

/** The org user the staff page is about (shared by its sections), or null while it loads. */
export function useOrgUser(): { user: StaffOrgUser | null; orgId: string; userId: string; view: ReactElement | null } {
  const { orgId = '', userId = '' } = useParams();
  const query = useQuery({ queryKey: orgUserKeys.one(orgId, userId), queryFn: () => orgUsersApi.get(orgId, userId) });
  if (query.isPending) return { user: null, orgId, userId, view: <Loader aria-label="Loading" /> };
  if (query.isError)
    return {
      user: null,
      orgId,
      userId,
      view: (
        <Alert color="red" role="alert">
          {errorsOf(query.error).join(' ')}
        </Alert>
      ),
    };
  return { user: query.data.user, orgId, userId, view: null };
}

/** Who the org user is, and 'Login as' for staff with permission 4 (spec §6). */
export function OrgUserHeader({ user }: { readonly user: StaffOrgUser }) {
  const session = useSession();
  const canLoginAs = parseStaffPermissions(session?.hstm).includes(StaffPermission.LoginAs);
  const [opening, setOpening] = useState(false);

  const loginAs = async (): Promise<void> => {
    setOpening(true);
    try {
      const { url } = await sessionApi.sudoLoginUrl(String(user.id));
      window.location.assign(url);
    } catch (error) {
      showErrors(error);
      setOpening(false);
    }
  };

  return (
    <Card withBorder mb="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {user.name}
          </Title>
          <Text size="sm" c="dimmed">
            {user.email} · {user.username} · {user.org_name}
          </Text>
          <Group gap="xs" mt={6}>
            <Badge color={user.status === 1 ? 'green' : 'gray'} variant="light">
              {user.status_label}
            </Badge>
            {user.is_admin && <Badge variant="light">Admin</Badge>}
            {user.is_policy_owner && <Badge variant="light">Policy Owner</Badge>}
          </Group>
        </div>
        {canLoginAs && user.status === 1 && (
          <Button loading={opening} onClick={() => void loginAs()}>
            Login as
          </Button>
        )}
      </Group>
    </Card>
  );
}
