import type { Params } from 'react-router';
import type { StaffOrgUserResponse } from '../../../shared/api/hstm-org-users';
import type { OrgResponse } from '../../../shared/api/hstm-orgs';
import type { StaffUserResponse } from '../../../shared/api/hstm-users';
import type { UserGroupResponse } from '../../../shared/api/user-groups';
import type { UserResponse } from '../../../shared/api/users';
import { orgUserKeys } from '../../features/hstm-org-users/org-users-api';
import { orgKeys } from '../../features/hstm-orgs/orgs-api';
import { staffUserKeys } from '../../features/hstm-users/staff-users-api';
import { userGroupKeys } from '../../features/user-groups/api/user-groups-api';
import { userKeys } from '../../features/users/api/users-api';
import { queryClient } from '../../lib/query-client';

/**
 * Names, not ids, in the breadcrumb trail of a record's screens: each crumb reads the record its
 * screen has loaded (the page frame draws the trail again when a query settles), and says what
 * kind of record it is until then. "User 1042" told the reader nothing they could recognise.
 */
export const userCrumb = (p: Params): string =>
  queryClient.getQueryData<UserResponse>(userKeys.one(p.orgId ?? '', p.userId ?? ''))?.user.name ?? 'User';

export const groupCrumb = (p: Params): string =>
  queryClient.getQueryData<UserGroupResponse>(userGroupKeys.one(p.orgId ?? '', p.groupId ?? ''))?.user_group.name ??
  'Group';

export const staffUserCrumb = (p: Params): string =>
  queryClient.getQueryData<StaffUserResponse>(staffUserKeys.one(p.userId ?? ''))?.user.name ?? 'Staff User';

export const organizationCrumb = (p: Params): string =>
  queryClient.getQueryData<OrgResponse>(orgKeys.one(Number(p.orgId)))?.org.name ?? 'Organization';

export const orgUserCrumb = (p: Params): string =>
  queryClient.getQueryData<StaffOrgUserResponse>(orgUserKeys.one(p.orgId ?? '', p.userId ?? ''))?.user.name ?? 'User';
