import type { UserLogEntry } from '../../../../shared/api/users';

/**
 * A user log entry's details (a free-form object the server writes with each entry: who did it,
 * the status before, the sessions a deactivation ended...) said in plain words, one line each.
 */

/** Who made the entry, when the server names them ('by'); blank otherwise (a bulk upload, the user). */
export const userLogBy = (entry: Pick<UserLogEntry, 'details'>): string => {
  const by = entry.details['by'];
  return typeof by === 'string' ? by : '';
};

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

const valueText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
};

/** 'sessions_ended' → 'Sessions ended'. */
const keyText = (key: string): string => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The details the server writes, in the order they are said (jsonb keeps no order of its own). */
const KNOWN_ORDER = [
  'from',
  'sessions_ended',
  'tasks_closed',
  'via',
  'bulk',
  'expires_in_days',
  'file_name',
  'bulk_upload_id',
] as const;

const rank = (key: string): number => {
  const index = (KNOWN_ORDER as readonly string[]).indexOf(key);
  return index === -1 ? KNOWN_ORDER.length : index;
};

/** Each detail but 'by' (its own column) as a line, known ones in a fixed order, others by their name. */
export function describeUserLog(entry: Pick<UserLogEntry, 'details'>): string[] {
  const lines: string[] = [];
  const entries = Object.entries(entry.details).sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, value] of entries) {
    if (key === 'by' || value === null || value === undefined) continue;
    switch (key) {
      case 'from':
        lines.push(`Previous status: ${valueText(value)}`);
        break;
      case 'sessions_ended':
        lines.push(
          typeof value === 'number'
            ? `Signed out of ${plural(value, 'session', 'sessions')}`
            : `Sessions ended: ${valueText(value)}`,
        );
        break;
      case 'tasks_closed':
        lines.push(
          typeof value === 'number'
            ? `${plural(value, 'open task', 'open tasks')} closed`
            : `Tasks closed: ${valueText(value)}`,
        );
        break;
      case 'via':
        lines.push(`Through the ${valueText(value)}`);
        break;
      case 'bulk':
        // A single invitation says nothing more; Invite All says so.
        if (value === true) lines.push('Sent with Invite All');
        break;
      case 'expires_in_days':
        lines.push(
          typeof value === 'number'
            ? `Link valid for ${plural(value, 'day', 'days')}`
            : `Link valid for: ${valueText(value)}`,
        );
        break;
      case 'file_name':
        lines.push(`File: ${valueText(value)}`);
        break;
      case 'bulk_upload_id':
        lines.push(`Bulk upload no. ${valueText(value)}`);
        break;
      default:
        lines.push(`${keyText(key)}: ${valueText(value)}`);
    }
  }
  return lines;
}
