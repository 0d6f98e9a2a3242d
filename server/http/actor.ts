/** Who is calling: an org user (possibly in a login-as session) or a provider-staff user. */
export interface OrgActor {
  kind: 'org';
  sessionId: string;
  orgId: number;
  userId: number;
  name: string;
  email: string;
  username: string;
  isAdmin: boolean;
  isPolicyOwner: boolean;
  sudoer: { id: number; name: string } | null;
  loggedInAt: Date;
  tokenTimeout: number;
  /** The organisation's name and sign-in key, when the session lookup read them (GET sessions shows them). */
  org?: { name: string; tenant: string };
  /** Whether the user owns a binder or folder, when the session lookup read it (routes that describe the session, reports). */
  containerOwner?: boolean;
  /**
   * Whose delegate the user is in a window active now (ADR 0011), their ids in order, and whether
   * the user holds copies of tasks whose window has lapsed: when the session lookup read them (the
   * tasks list).
   */
  delegation?: { delegators: readonly number[]; holdsLapsedCopies: boolean };
}

export interface StaffActor {
  kind: 'staff';
  sessionId: string;
  staffId: number;
  name: string;
  email: string;
  username: string;
  permissions: number[];
  hstm: string;
  loggedInAt: Date;
  tokenTimeout: number;
}

export type Actor = OrgActor | StaffActor;

/** The name written on change logs and workflow history ("who"), with the sudoer when there is one. */
export const actorDisplay = (actor: OrgActor): { name: string; email: string; sudoerName: string | null } => ({
  name: actor.name,
  email: actor.email,
  sudoerName: actor.sudoer?.name ?? null,
});
