import { eq, inArray } from 'drizzle-orm';
import { StaffPermission, parseStaffPermissions } from '../../../shared/domain/roles';
import type { Executor } from '../../db/client';
import { hstmUsers, staffPasswordTokens } from '../../db/schema/index';
import { hashToken } from '../auth/sessions.repo';

/**
 * A set-password link is the account it opens: whoever reads it in the outbox can become that
 * user. So the outbox shows an organisation user's link only to staff who may log in as that user
 * anyway (permission 4), and a staff user's link only to staff who may manage staff users
 * (permission 2) AND hold every permission the staff user it is for holds now: the rule
 * `hstm-users/staff-users.service.ts` applies to editing or re-inviting them (`refuseOutranked`).
 * Without the second half, a 2 5 could read the welcome link of a 2 3 4 5 that someone stronger
 * made, set that password and sign in with login as (4). The links are written by
 * `users/welcome.service.ts` and `hstm-users/staff-users.service.ts`; the tests send those real
 * e-mails, so a changed link fails them rather than showing.
 */

/**
 * A staff user's link, its token captured. The lazy prefix stops at the first
 * `/staff_set_password/`, so the token is the whole rest of the link: it must be one stored token
 * exactly, and a link holding a second token after a weak user's cannot pass as the weak one's.
 */
const STAFF_LINK = /[^\s"'<>]*?\/staff_set_password\/([^\s"'<>]+)/g;
/** An organisation user's link. `/staff_set_password/` does not match: its `set_password` follows `_`. */
const ORG_LINK = /[^\s"'<>]*\/set_password\/[^\s"'<>]+/g;

const listed = (numbers: readonly number[]): string =>
  numbers.length === 1 ? String(numbers[0]) : `${numbers.slice(0, -1).join(', ')} and ${String(numbers.at(-1))}`;

/**
 * What the outbox shows in a withheld link's place: the permissions the viewer lacks, never whose
 * link it is. For a staff user's link these are that user's permissions, which only a viewer with
 * user management (2) is told, and who sees them in the staff list anyway.
 */
export const hiddenLinkText = (needs: StaffPermission | readonly number[]): string => {
  const numbers = typeof needs === 'number' ? [needs] : needs;
  return `[link hidden: needs permission${numbers.length === 1 ? '' : 's'} ${listed(numbers)}]`;
};

/** In the place of a staff link whose token no staff user has: whose it was cannot be checked. */
export const UNKNOWN_STAFF_LINK_TEXT = '[link hidden: no staff user has this link]';

/**
 * The current permissions of the staff user each staff link is for, by the SHA-256 of its token
 * (all `staff_password_tokens` stores). The token, not the mail's recipient: it names exactly one
 * user, where an address can have changed since, or be shared with a deleted staff user or an
 * organisation user.
 */
export type StaffLinkHolders = ReadonlyMap<string, readonly number[]>;

const NO_HOLDERS: StaffLinkHolders = new Map();

/**
 * One query for every staff link in the bodies (a message's two, or a page's), none when the
 * viewer lacks user management (2) since each such link is then withheld whoever it is for.
 */
export async function staffLinkHolders(
  db: Executor,
  viewerPermissions: readonly number[],
  bodies: readonly (string | null)[],
): Promise<StaffLinkHolders> {
  if (!viewerPermissions.includes(StaffPermission.UserManagement)) return NO_HOLDERS;
  const hashes = new Set<string>();
  for (const body of bodies) {
    for (const match of body?.matchAll(STAFF_LINK) ?? []) hashes.add(hashToken(match[1]!));
  }
  if (hashes.size === 0) return NO_HOLDERS;
  const rows = await db
    .select({ tokenHash: staffPasswordTokens.tokenHash, permissions: hstmUsers.permissions })
    .from(staffPasswordTokens)
    .innerJoin(hstmUsers, eq(hstmUsers.id, staffPasswordTokens.hstmUserId))
    .where(inArray(staffPasswordTokens.tokenHash, [...hashes]));
  return new Map(rows.map((row) => [row.tokenHash, parseStaffPermissions(row.permissions)]));
}

/**
 * The body with every set-password link the viewer may not see replaced. `holders` must come from
 * `staffLinkHolders` for this body and viewer: a staff link missing from it is withheld.
 */
export function withLinksTheViewerMaySee(
  body: string,
  permissions: readonly number[],
  holders: StaffLinkHolders,
): string {
  const staffShown = body.replace(STAFF_LINK, (link, token: string) => {
    if (!permissions.includes(StaffPermission.UserManagement)) return hiddenLinkText(StaffPermission.UserManagement);
    const theirs = holders.get(hashToken(token));
    if (!theirs) return UNKNOWN_STAFF_LINK_TEXT;
    const lacking = [...new Set(theirs)].filter((p) => !permissions.includes(p)).sort((a, b) => a - b);
    return lacking.length === 0 ? link : hiddenLinkText(lacking);
  });
  // After the staff links, so an organisation link in a shown staff link's prefix is still withheld.
  return permissions.includes(StaffPermission.LoginAs)
    ? staffShown
    : staffShown.replace(ORG_LINK, hiddenLinkText(StaffPermission.LoginAs));
}
