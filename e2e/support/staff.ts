import type { StaffUserResponse } from '../../shared/api/hstm-users';
import type { MailOutboxList, MailOutboxMessage } from '../../shared/api/notifications';
import type { TenetApi } from './api';
import type { DemoUser } from './users';

/**
 * A provider staff user holding only `permissions` (e.g. '4' or '2 5'), made by `staff` (who holds
 * 2 and 5) with a password set from their welcome e-mail's link, ready to sign in.
 */
export async function staffUserWith(
  staff: TenetApi,
  user: { readonly username: string; readonly name: string; readonly permissions: string; readonly password: string },
): Promise<DemoUser & { id: number }> {
  const email = `${user.username}@example.com`;
  const { user: made } = await staff.post<StaffUserResponse>('hstm/hstm_users', {
    user: { name: user.name, email, username: user.username, permissions: user.permissions },
  });
  const listed = await staff.get<MailOutboxList>(`hstm/mail_outbox?search=${encodeURIComponent(email)}`);
  const mail = listed.mail_outbox.find((m) => m.to === email);
  if (!mail) throw new Error(`No welcome e-mail to ${email} in the outbox.`);
  const message = await staff.get<MailOutboxMessage>(`hstm/mail_outbox/${mail.id}`);
  const token = /\/staff_set_password\/([A-Za-z0-9_-]+)/.exec(message.body_text)?.[1];
  if (!token) throw new Error('The welcome e-mail carries no set-password link.');
  await staff.post('auth/staff_set_password', { token, password: user.password });
  return { id: made.id, login: user.username, password: user.password, name: user.name };
}
