/**
 * Failed sign-ins for names that match no account, counted like an account's own failures so that
 * an unknown name locks after the same number of attempts as a known one (otherwise a name that
 * never locks is a name that does not exist). Held in memory, bounded: one entry per name tried,
 * the oldest forgotten first. With several application processes each counts its own attempts;
 * the per-address rate limit still applies in front of them.
 */
const MAX_TRACKED_NAMES = 10_000;

interface Entry {
  failedLogins: number;
  lockedUntil: Date | null;
}

export class UnknownLoginFailures {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxNames = MAX_TRACKED_NAMES) {}

  private static key(login: string, tenant: string | null): string {
    return `${(tenant ?? '').toLowerCase()}\u0000${login.toLowerCase()}`;
  }

  /** The state to answer with, shaped like an account's failed_logins and locked_until. */
  get(login: string, tenant: string | null): Entry {
    return this.entries.get(UnknownLoginFailures.key(login, tenant)) ?? { failedLogins: 0, lockedUntil: null };
  }

  set(login: string, tenant: string | null, entry: Entry): void {
    const key = UnknownLoginFailures.key(login, tenant);
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxNames) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
