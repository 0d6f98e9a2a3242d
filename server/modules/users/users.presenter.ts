import {
  USER_CREATED_FROM_LABELS,
  USER_STATUS_LABELS,
  type UserDetail,
  type UserSummary,
} from '../../../shared/api/users';
import type { GroupRef, ListedUser } from './users.repo';

export function presentUser(row: ListedUser): UserSummary {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    username: row.username,
    title: row.title,
    status: row.status,
    status_label: USER_STATUS_LABELS[row.status] ?? String(row.status),
    is_admin: row.isAdmin,
    is_policy_owner: row.isPolicyOwner,
    created_from: row.createdFrom,
    created_from_label: USER_CREATED_FROM_LABELS[row.createdFrom] ?? String(row.createdFrom),
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentUserDetail(row: ListedUser, groups: GroupRef[]): UserDetail {
  return {
    ...presentUser(row),
    groups: groups.map((g) => ({ id: g.id, name: g.name, created_by_source: g.createdBySource })),
  };
}
