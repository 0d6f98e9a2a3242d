import type { Session } from '../../shared/api/sessions';
import { parseStaffPermissions } from '../../shared/domain/roles';

/** The derived flags of spec §3 that drive menus and guards. */
export interface SessionFlags {
  readonly signedIn: boolean;
  readonly isHstmUser: boolean;
  readonly isOrgAdmin: boolean;
  readonly isPolicyOwner: boolean;
  readonly isBinderFolderOwner: boolean;
  readonly isSudo: boolean;
  readonly staffPermissions: readonly number[];
}

export function sessionFlags(session: Session | null): SessionFlags {
  const signedIn = session?.valid === true;
  const isHstmUser = signedIn && (session.isHstmUser || parseStaffPermissions(session.hstm).length > 0);
  return {
    signedIn,
    isHstmUser,
    isOrgAdmin: signedIn && !isHstmUser && session.admin,
    isPolicyOwner: signedIn && !isHstmUser && session.p_owner,
    isBinderFolderOwner: signedIn && !isHstmUser && session.binder_or_folder_owner,
    isSudo: signedIn && session.sudo,
    staffPermissions: signedIn ? parseStaffPermissions(session.hstm) : [],
  };
}

/** The home route of a signed-in user: staff to their dashboard, org users to their library. */
export function homePath(session: Session | null, rememberedOrgId: string | null): string {
  if (session?.valid && sessionFlags(session).isHstmUser) return '/hstm/dashboard';
  const orgId = session?.valid && session.org ? String(session.org.id) : (rememberedOrgId ?? 'default');
  return `/orgs/${orgId}/pnps`;
}

/** Cheap structural check of what comes back from storage, so a stale or tampered value is dropped. */
export function looksLikeSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.valid === 'boolean' &&
    typeof v.hstm === 'string' &&
    typeof v.token_timeout === 'number' &&
    typeof v.app_version === 'string' &&
    (v.org === null || typeof v.org === 'object')
  );
}
