import type { SystemMessage } from '../../../shared/api/system-messages';

export interface DisplayContext {
  /** Spec §2: the last URL segment starts with 'login'. */
  readonly loginScreen: boolean;
  readonly signedIn: boolean;
  readonly isStaff: boolean;
  readonly now: number;
  readonly dismissed: ReadonlySet<number>;
}

/**
 * Spec §4: on the login screen only Login messages show; elsewhere non-Login messages show only to a
 * signed-in user who is not internal staff. Messages outside their time window are not shown.
 */
export function selectDisplayed(live: readonly SystemMessage[], context: DisplayContext): SystemMessage[] {
  return live.filter((message) => {
    if (context.dismissed.has(message.id)) return false;
    const start = Date.parse(message.start_datetime);
    const end = Date.parse(message.end_datetime);
    if (!Number.isNaN(start) && context.now < start) return false;
    if (!Number.isNaN(end) && context.now > end) return false;
    if (context.loginScreen) return message.location === 'Login';
    return message.location !== 'Login' && context.signedIn && !context.isStaff;
  });
}

export function sameMessages(a: readonly SystemMessage[], b: readonly SystemMessage[]): boolean {
  return (
    a.length === b.length &&
    a.every((message, index) => message.id === b[index]?.id && message.message === b[index]?.message)
  );
}
