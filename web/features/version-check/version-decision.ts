/** The decision of spec §4 "Application version check", free of browser APIs so it can be tested. */
export interface VersionFacts {
  readonly builtVersion: string;
  readonly serverVersion: string;
  readonly sessionValid: boolean;
  /** The server version this browser session already handled, if any. */
  readonly handledVersion: string | null;
  readonly production: boolean;
}

export type VersionAction = 'none' | 'reload' | 'dev-message';

export function decideVersionAction(facts: VersionFacts): VersionAction {
  if (!facts.builtVersion || !facts.serverVersion || !facts.sessionValid) return 'none';
  if (facts.builtVersion === facts.serverVersion) return 'none';
  if (facts.handledVersion === facts.serverVersion) return 'none';
  return facts.production ? 'reload' : 'dev-message';
}
