import { StaffPermission } from '../../../shared/domain/roles';

/**
 * A set-password link is the account it opens: whoever reads it in the outbox can become that
 * user. So the outbox shows an organisation user's link only to staff who may log in as that user
 * anyway (permission 4), and a staff user's link only to staff who may create and edit staff users
 * (permission 2). The links are written by `users/welcome.service.ts` and
 * `hstm-users/staff-users.service.ts`; the tests send those real e-mails, so a changed link fails
 * them rather than showing.
 */
const LINK_RULES: readonly { pattern: RegExp; needs: StaffPermission }[] = [
  { pattern: /[^\s"'<>]*\/staff_set_password\/[^\s"'<>]+/g, needs: StaffPermission.UserManagement },
  { pattern: /[^\s"'<>]*\/set_password\/[^\s"'<>]+/g, needs: StaffPermission.LoginAs },
];

/** What the outbox shows in a withheld link's place. */
export const hiddenLinkText = (needs: StaffPermission): string => `[link hidden: needs permission ${needs}]`;

/** The body with every set-password link the viewer's permission numbers do not cover replaced. */
export function withLinksTheViewerMaySee(body: string, permissions: readonly number[]): string {
  return LINK_RULES.reduce(
    (shown, rule) =>
      permissions.includes(rule.needs) ? shown : shown.replace(rule.pattern, hiddenLinkText(rule.needs)),
    body,
  );
}
