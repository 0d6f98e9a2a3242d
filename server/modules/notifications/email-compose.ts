import { formatDisplayDate } from '../../../shared/domain/dates';
import { EMAIL_SUMMARY_FIELD_LABEL, EMAIL_SUMMARY_LABELS, type EmailSummary } from '../../../shared/api/self-settings';
import { loadConfig } from '../../config';
import type { Mail } from '../../platform/mailer';

/** What an e-mail about notifications needs to know of one of them. */
export interface MailableNotification {
  id: number;
  orgId: number;
  message: string;
  link: string | null;
  createdAt: Date;
}

export interface Recipient {
  orgId: number;
  email: string;
  name: string;
}

const SUBJECT_MAX = 200;

/** Every character that means something in HTML (text and attribute values alike). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The application's public address (PUBLIC_URL), without a trailing slash. */
export function publicBaseUrl(): string {
  return loadConfig().publicUrl.replace(/\/+$/, '');
}

/**
 * An absolute link into the application for a notification's in-app path. Only paths of this
 * application are made absolute; anything else (never written by the triggers) falls back to the
 * notifications screen, so an e-mail never carries a link somewhere else.
 */
export function absoluteLink(base: string, link: string | null, orgId: number): string {
  const path = link !== null && /^\/orgs\/\d+(\/[A-Za-z0-9_\-/]*)?$/.test(link) ? link : notificationsPath(orgId);
  return `${base}${path}`;
}

export const notificationsPath = (orgId: number): string => `/orgs/${orgId}/notifications`;

/** A subject line: one line, at most SUBJECT_MAX characters. */
export function subjectOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= SUBJECT_MAX ? line : `${line.slice(0, SUBJECT_MAX - 1).trimEnd()}…`;
}

function footer(base: string, orgId: number, preference: EmailSummary): { text: string; html: string } {
  const settings = `${base}${notificationsPath(orgId)}`;
  const why = `You receive this e-mail because your ${EMAIL_SUMMARY_FIELD_LABEL} are set to '${EMAIL_SUMMARY_LABELS[preference]}'.`;
  return {
    text: `${why}\nChange them on your Notifications page: ${settings}`,
    html:
      `<p style="color:#555;font-size:12px">${escapeHtml(why)} ` +
      `Change them on your <a href="${escapeHtml(settings)}">Notifications page</a>.</p>`,
  };
}

const htmlDocument = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">${body}</body></html>`;

/** One e-mail for one notification (Email Summary preferences: Immediately). */
export function composeNotificationMail(base: string, to: Recipient, n: MailableNotification): Mail {
  const link = absoluteLink(base, n.link, n.orgId);
  const foot = footer(base, n.orgId, 'immediately');
  const subject = subjectOf(n.message);
  const text = [`Hello ${to.name},`, '', n.message, '', `Open it in Tenet: ${link}`, '', '--', foot.text].join('\n');
  const html = htmlDocument(
    subject,
    `<p>Hello ${escapeHtml(to.name)},</p>` +
      `<p style="font-size:16px"><strong>${escapeHtml(n.message)}</strong></p>` +
      `<p><a href="${escapeHtml(link)}">Open it in Tenet</a></p>` +
      `<hr>${foot.html}`,
  );
  return { orgId: n.orgId, to: to.email, subject, text, html };
}

/** One e-mail listing the notifications of the previous day (Email Summary preferences: Daily summary). */
export function composeDailySummaryMail(
  base: string,
  to: Recipient,
  day: Date,
  items: readonly MailableNotification[],
): Mail {
  const count = items.length;
  const noun = count === 1 ? 'notification' : 'notifications';
  const subject = subjectOf(`Your Tenet summary for ${formatDisplayDate(day)}: ${count} ${noun}`);
  const foot = footer(base, to.orgId, 'daily');
  const all = `${base}${notificationsPath(to.orgId)}`;
  const lines = items.map(
    (n) => `- ${formatDisplayDate(n.createdAt)}: ${n.message}\n  ${absoluteLink(base, n.link, n.orgId)}`,
  );
  const text = [
    `Hello ${to.name},`,
    '',
    `You have ${count} new ${noun}:`,
    '',
    ...lines,
    '',
    `All your notifications: ${all}`,
    '',
    '--',
    foot.text,
  ].join('\n');
  const listItems = items
    .map(
      (n) =>
        `<li style="margin-bottom:8px"><a href="${escapeHtml(absoluteLink(base, n.link, n.orgId))}">` +
        `${escapeHtml(n.message)}</a><br><span style="color:#555;font-size:12px">` +
        `${escapeHtml(formatDisplayDate(n.createdAt))}</span></li>`,
    )
    .join('');
  const html = htmlDocument(
    subject,
    `<p>Hello ${escapeHtml(to.name)},</p>` +
      `<p>You have ${count} new ${noun}:</p><ul>${listItems}</ul>` +
      `<p><a href="${escapeHtml(all)}">All your notifications</a></p><hr>${foot.html}`,
  );
  return { orgId: to.orgId, to: to.email, subject, text, html };
}
