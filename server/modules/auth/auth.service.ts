import { setTimeout as sleep } from 'node:timers/promises';
import { Messages } from '../../../shared/domain/messages';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import type { LoginRequest, Session } from '../../../shared/api/sessions';
import type { Actor } from '../../http/actor';
import type { Deps } from '../../http/deps';
import { type AppError, customError } from '../../http/errors';
import { withSystem } from '../../db/tenant';
import { verifyAgainstDummy, verifyPassword } from './password';
import { hashToken, insertSession, newToken } from './sessions.repo';
import { UnknownLoginFailures } from './unknown-login-failures';
import {
  findOrg,
  findStaffByLogin,
  insertVisitorLog,
  isContainerOwner,
  listOrgUsersByLogin,
  recordLoginFailure,
  recordLoginSuccess,
} from './auth.repo';

const STAFF_TIMEOUT_MINUTES = 60;
/** Each failed attempt answers a little later (250 ms per recent failure, at most 2 s). */
const FAILURE_DELAY_STEP_MS = 250;
const FAILURE_DELAY_MAX_MS = 2000;

export interface SignedIn {
  token: string;
  csrfToken: string;
}

interface Candidate {
  kind: 'org' | 'hstm';
  id: number;
  passwordHash: string | null;
  failedLogins: number;
  lockedUntil: Date | null;
  status: number;
  orgId: number | null;
  orgStatus: number | null;
  timeout: number;
}

const lockedFor = (until: Date, now: Date): AppError =>
  customError(
    423,
    'account_locked',
    Messages.accountLocked(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))),
  );

/** Failures of names with no account, per process (see UnknownLoginFailures). */
const unknownLogins = new UnknownLoginFailures();

const wrongCredentials = (): AppError => customError(401, 'invalid_credentials', Messages.wrongCredentials);

const ambiguousLogin = (candidates: readonly Candidate[]): AppError =>
  customError(
    409,
    'ambiguous_login',
    candidates.some((candidate) => candidate.kind === 'hstm')
      ? 'This email address belongs to more than one account. Sign in with your username.'
      : "This email address belongs to more than one organization. Sign in with your username or your organization's sign-in page.",
  );

/** The lock that applies to a group of candidates: the latest of those still running, if any. */
function activeLock(states: ReadonlyArray<{ lockedUntil: Date | null }>, now: Date): Date | null {
  let latest: Date | null = null;
  for (const { lockedUntil } of states) {
    if (lockedUntil && lockedUntil > now && (!latest || lockedUntil > latest)) latest = lockedUntil;
  }
  return latest;
}

/** Local sign-in by username or e-mail (org users and provider staff); a new session id every time. */
export async function signIn(
  deps: Deps,
  request: LoginRequest,
  meta: { ip: string; userAgent: string | null },
): Promise<SignedIn> {
  const { login, password } = request.credentials;
  const tenant = request.tenant ?? null;
  const now = deps.clock.now();
  const found = await withSystem(deps.database.db, (tx) => findCandidates(tx, login, tenant));
  // A deleted user is no account at all: answered like an unknown name.
  const candidates = found.filter((candidate) => candidate.status !== UserStatus.Deleted);
  // An unknown name goes through the same steps as a known one (lock check, a full argon2
  // verification, failure count, delay, lock): same status, same message, same time. An e-mail
  // shared by users of several organisations goes through them too, as one name: that it is
  // shared is only said to a caller whose password is right for one of them, otherwise anyone
  // could learn which addresses are registered in more than one organisation.
  const states = candidates.length > 0 ? candidates : [unknownLogins.get(login, tenant)];
  const lockedUntil = activeLock(states, now);
  if (lockedUntil) throw lockedFor(lockedUntil, now);
  // Verified side by side so that several candidates take about the time of one.
  const verified =
    candidates.length > 0
      ? await Promise.all(candidates.map((candidate) => verifyPassword(candidate.passwordHash, password)))
      : [await verifyAgainstDummy(password)];
  const matching = candidates.filter((_, index) => verified[index]);
  if (matching.length === 0) {
    const failures = Math.max(...states.map((state) => state.failedLogins)) + 1;
    const newLock = new Date(now.getTime() + deps.config.loginLockMinutes * 60_000);
    const locksEach = (state: { failedLogins: number }) => state.failedLogins + 1 >= deps.config.loginMaxFailures;
    if (candidates.length > 0) {
      await withSystem(deps.database.db, async (tx) => {
        for (const candidate of candidates) {
          const locks = locksEach(candidate);
          await recordLoginFailure(tx, candidate, locks ? 0 : candidate.failedLogins + 1, locks ? newLock : null);
        }
      });
    } else {
      const locks = failures >= deps.config.loginMaxFailures;
      unknownLogins.set(login, tenant, { failedLogins: locks ? 0 : failures, lockedUntil: locks ? newLock : null });
    }
    if (states.some(locksEach)) {
      throw customError(423, 'account_locked', Messages.accountLocked(deps.config.loginLockMinutes));
    }
    await sleep(Math.min(failures * FAILURE_DELAY_STEP_MS, FAILURE_DELAY_MAX_MS));
    throw wrongCredentials();
  }
  // The caller knows a password of one of these accounts: which organisation they meant is
  // theirs to say (username or the organisation's sign-in page), whichever password matched.
  if (candidates.length > 1) throw ambiguousLogin(candidates);
  const candidate = matching[0]!;
  if (candidate.orgStatus === OrgStatus.Disabled) throw customError(403, 'org_disabled', Messages.orgDisabled);
  if (candidate.orgStatus === OrgStatus.Locked) throw customError(403, 'org_locked', Messages.orgLocked);
  if (candidate.status !== UserStatus.Active) throw customError(403, 'user_inactive', Messages.userInactive);

  const token = newToken();
  const csrfToken = newToken();
  const sessionId = hashToken(token);
  await withSystem(deps.database.db, async (tx) => {
    await recordLoginSuccess(tx, candidate, now);
    await insertSession(tx, {
      id: sessionId,
      kind: candidate.kind,
      orgId: candidate.orgId,
      userId: candidate.kind === 'org' ? candidate.id : null,
      hstmUserId: candidate.kind === 'hstm' ? candidate.id : null,
      csrfToken,
      idleTimeoutMinutes: candidate.timeout,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + deps.config.sessionAbsoluteHours * 3_600_000),
    });
    if (candidate.kind === 'org' && candidate.orgId !== null) {
      await insertVisitorLog(tx, {
        orgId: candidate.orgId,
        userId: candidate.id,
        sudoerId: null,
        sessionId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        at: now,
      });
    }
  });
  return { token, csrfToken };
}

/**
 * The accounts a name may mean: the staff user and the org users whose username or e-mail it is.
 * Usernames are unique across both (the forms refuse a staff user's), but an e-mail is not: an org
 * user may share one with a staff user, and then both are candidates, as e-mails shared across
 * organisations are. Taking the staff user alone checked the org user's password against the staff
 * user's and counted each of the org user's sign-ins as a failure of the staff account.
 */
async function findCandidates(
  tx: Parameters<Parameters<typeof withSystem>[1]>[0],
  login: string,
  tenant: string | null,
): Promise<Candidate[]> {
  const staff = tenant ? null : await findStaffByLogin(tx, login);
  const staffCandidates: Candidate[] = staff
    ? [
        {
          kind: 'hstm',
          id: staff.id,
          passwordHash: staff.passwordHash,
          failedLogins: staff.failedLogins,
          lockedUntil: staff.lockedUntil,
          status: staff.status,
          orgId: null,
          orgStatus: null,
          timeout: STAFF_TIMEOUT_MINUTES,
        },
      ]
    : [];
  const matches = await listOrgUsersByLogin(tx, login, tenant);
  return staffCandidates.concat(
    matches.map((match): Candidate => ({
      kind: 'org',
      id: match.user.id,
      passwordHash: match.user.passwordHash,
      failedLogins: match.user.failedLogins,
      lockedUntil: match.user.lockedUntil,
      status: match.user.status,
      orgId: match.org.id,
      orgStatus: match.org.status,
      timeout: match.org.tokenTimeout,
    })),
  );
}

const signedOut = (appVersion: string): Session => ({
  valid: false,
  org: null,
  current_org: null,
  hstm: '',
  admin: false,
  p_owner: false,
  binder_or_folder_owner: false,
  sudo: false,
  sudoer: null,
  token_timeout: 0,
  tenant: null,
  pendo: null,
  loggedInAt: null,
  app_version: appVersion,
  isHstmUser: false,
  user: null,
});

/** GET sessions: the spec's session fields for whoever is calling (valid: false when nobody). */
export async function describeSession(deps: Deps, actor: Actor | null): Promise<Session> {
  const appVersion = deps.config.appVersion;
  if (!actor) return signedOut(appVersion);
  const user = {
    id: actor.kind === 'org' ? actor.userId : actor.staffId,
    name: actor.name,
    email: actor.email,
    username: actor.username,
  };
  if (actor.kind === 'staff') {
    return {
      ...signedOut(appVersion),
      valid: true,
      hstm: actor.hstm,
      token_timeout: actor.tokenTimeout,
      loggedInAt: actor.loggedInAt.toISOString(),
      isHstmUser: true,
      user,
    };
  }
  // The session lookup read the organisation and, for this route, ownership already (one statement,
  // no transaction); an actor loaded otherwise asks with the organisation named in the query.
  const db = deps.database.db;
  const org = actor.org ? { id: actor.orgId, ...actor.org } : await findOrg(db, actor.orgId);
  const binderOwner = actor.containerOwner ?? (await isContainerOwner(db, actor.orgId, actor.userId));
  if (!org) return signedOut(appVersion);
  return {
    ...signedOut(appVersion),
    valid: true,
    org: { id: org.id, name: org.name, tenant: org.tenant },
    current_org: org.id,
    admin: actor.isAdmin,
    p_owner: actor.isPolicyOwner,
    binder_or_folder_owner: binderOwner,
    sudo: actor.sudoer !== null,
    sudoer: actor.sudoer,
    token_timeout: actor.tokenTimeout,
    tenant: org.tenant,
    loggedInAt: actor.loggedInAt.toISOString(),
    user,
  };
}
