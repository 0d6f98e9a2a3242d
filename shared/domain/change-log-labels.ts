/** Change-log text rules of spec §3 'Change log entry': field labels and the description of deltas. */

const SPECIAL_FIELD_LABELS: Readonly<Record<string, string>> = {
  ntfy_email_summary: 'Email Summary preferences',
  origination_dt: 'Origination Date',
  review_dt: 'Review Date',
  reminder_dt: 'Reminder Date',
};

/** The label of a changed field: the spec's special names, else title-cased with underscores removed. */
export function changeLogFieldLabel(field: string): string {
  const special = SPECIAL_FIELD_LABELS[field];
  if (special) return special;
  return field
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The deltas an entry may carry (spec §3); every key is optional. */
export interface ChangeLogDeltas {
  readonly changed?: Readonly<
    Record<string, readonly [unknown, unknown] | { readonly old?: unknown; readonly new?: unknown }>
  >;
  readonly container_access_groups_added?: readonly { readonly user_group_name: string; readonly role_name: string }[];
  readonly container_access_groups_removed?: readonly {
    readonly user_group_name: string;
    readonly role_name: string;
  }[];
  readonly container_access_users_added?: readonly { readonly user_name: string; readonly role_name: string }[];
  readonly container_access_users_removed?: readonly { readonly user_name: string; readonly role_name: string }[];
  readonly user_membership_groups_added?: readonly { readonly name: string }[];
  readonly user_membership_groups_removed?: readonly { readonly name: string }[];
  readonly group_member_users_added?: readonly { readonly name: string }[];
  readonly group_member_users_removed?: readonly { readonly name: string }[];
}

export interface ChangeLogDescribable {
  readonly action_name: string;
  readonly object_type?: string | null;
  readonly object_name?: string | null;
  readonly deltas?: ChangeLogDeltas | null;
  readonly source_name?: string | null;
  readonly target_names?: readonly string[] | string | null;
}

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const oldNew = (
  change: readonly [unknown, unknown] | { readonly old?: unknown; readonly new?: unknown },
): [unknown, unknown] =>
  Array.isArray(change)
    ? [change[0], change[1]]
    : [(change as { old?: unknown }).old, (change as { new?: unknown }).new];

const joinNames = (names: readonly string[] | string | null | undefined): string =>
  Array.isArray(names) ? names.join(', ') : typeof names === 'string' ? names : '';

/** The lines a change-log table shows in its DESCRIPTION column, one per change. */
export function describeChangeLog(entry: ChangeLogDescribable): string[] {
  const what = [entry.object_type, entry.object_name].filter(Boolean).join(' ');
  // The four actions whose text the spec singles out.
  switch (entry.action_name) {
    case 'Create':
      return [what ? `Created ${what}` : 'Created'];
    case 'Reassigned':
      return [`Reassigned from ${show(entry.source_name)} to ${joinNames(entry.target_names) || '(nobody)'}`];
    case 'Removed':
      return [`Removed ${show(entry.source_name)} from assignments`];
    case 'Cloned':
      return [`Cloned assignments of ${show(entry.source_name)}`];
    default:
      break;
  }
  const deltas = entry.deltas ?? {};
  const lines: string[] = [];
  for (const [field, change] of Object.entries(deltas.changed ?? {})) {
    const [from, to] = oldNew(change);
    lines.push(`${changeLogFieldLabel(field)} changed from ${show(from)} to ${show(to)}`);
  }
  for (const g of deltas.container_access_groups_added ?? [])
    lines.push(`Group ${g.user_group_name} added as ${g.role_name}`);
  for (const g of deltas.container_access_groups_removed ?? [])
    lines.push(`Group ${g.user_group_name} removed as ${g.role_name}`);
  for (const u of deltas.container_access_users_added ?? []) lines.push(`User ${u.user_name} added as ${u.role_name}`);
  for (const u of deltas.container_access_users_removed ?? [])
    lines.push(`User ${u.user_name} removed as ${u.role_name}`);
  for (const g of deltas.user_membership_groups_added ?? []) lines.push(`Added to group ${g.name}`);
  for (const g of deltas.user_membership_groups_removed ?? []) lines.push(`Removed from group ${g.name}`);
  for (const u of deltas.group_member_users_added ?? []) lines.push(`User ${u.name} added to the group`);
  for (const u of deltas.group_member_users_removed ?? []) lines.push(`User ${u.name} removed from the group`);
  if (lines.length === 0) lines.push(what ? `${entry.action_name} ${what}` : entry.action_name);
  return lines;
}
