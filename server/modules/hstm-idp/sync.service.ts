import { and, desc, eq, sql } from 'drizzle-orm';
import { SYNC_IN_PROGRESS_MESSAGE } from '../../../shared/api/hstm-idp';
import { USER_STATUS_LABELS } from '../../../shared/api/users';
import { UserCreatedFrom, UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Db, type Executor, type Tx } from '../../db/client';
import { idpSyncRuns, idpUserLinks, orgUsers } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import { conflict } from '../../http/errors';
import { enqueueMail } from '../../platform/mailer';
import { SecretUnreadableError } from '../../platform/secret-box';
import { secretsKeyOf, type SecretsKeySource } from '../../platform/secrets-key';
import { insertChangeLog, type ChangeLogAuthor } from '../change-logs/change-logs.repo';
import { endUserParticipation } from '../users/user-leaving';
import { insertUserLog } from '../users/users.repo';
import { spendUnusedPasswordTokens } from '../users/welcome.service';
import { DirectoryError, readAzureUsers, readHlcUsers, type GraphUser, type HlcUser } from './directory-client';
import { unreadableSecretMessage } from './idp-secrets';
import { azureConfigOf, findSettings, getOrg, hlcConfigOf, type SyncRunRow } from './settings.repo';

export type SyncKind = 'azure' | 'hlc';
const KIND_LABEL: Record<SyncKind, string> = { azure: 'Azure directory', hlc: 'HLC' };

/** A run 'running' longer than this died with its process; the next claim takes it again. */
const STALE_MINUTES = 30;

/** Whether a run of this kind is queued or running for the org (a dead one does not count). */
export async function syncInProcess(db: Executor, orgId: number, kind: SyncKind): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from idp_sync_runs
         where org_id = ${orgId} and kind = ${kind} and status in ('queued', 'running')
         limit 1`,
  );
  return rows.length > 0;
}

/**
 * Queues a run. The partial unique index idp_sync_runs_one_active refuses a second active run of
 * the org and kind, so two staff users pressing at once get one run and one 409. The insert runs
 * in a savepoint so the refusal does not spoil the request's transaction.
 */
export async function queueSync(
  tx: Tx,
  orgId: number,
  kind: SyncKind,
  by: { staffId: number; email: string },
  now: Date,
): Promise<number> {
  try {
    return await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(idpSyncRuns)
        .values({ orgId, kind, status: 'queued', startedBy: by.staffId, startedByEmail: by.email, createdAt: now })
        .returning({ id: idpSyncRuns.id });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SYNC_IN_PROGRESS_MESSAGE);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Claims the oldest queued (or stale) run of any org, committed at once so it runs once. */
async function claimNext(db: Executor, now: Date): Promise<{ id: number; org_id: number } | null> {
  const rows = await queryRows<{ id: number; org_id: number }>(
    db,
    sql`update idp_sync_runs set status = 'running', started_at = ${now.toISOString()}::timestamptz
         where id = (select id from idp_sync_runs
                      where status = 'queued'
                         or (status = 'running'
                             and started_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${STALE_MINUTES}))
                      order by id
                      for update skip locked
                      limit 1)
        returning id, org_id`,
  );
  return rows[0] ?? null;
}

interface Counts {
  created: number;
  updated: number;
  deactivated: number;
  skipped: string[];
}

/** One account as the org should hold it, whichever source it came from. */
interface Account {
  externalId: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  /** false: the account was removed or disabled at the source, the user is deactivated. */
  active: boolean;
}

const clip = (value: string, max: number): string => value.slice(0, max);

function fromGraph(user: GraphUser): Account | null {
  const email = user.mail ?? (user.userPrincipalName?.includes('@') ? user.userPrincipalName : null);
  const active = !user.removed && user.accountEnabled !== false;
  const display = (user.displayName ?? '').split(/\s+/).filter(Boolean);
  const firstName = user.givenName ?? display[0] ?? '';
  const lastName = user.surname ?? (display.length > 1 ? display.slice(1).join(' ') : '');
  return {
    externalId: user.id,
    firstName: clip(firstName, 100),
    lastName: clip(lastName, 100),
    email: clip(email ?? '', 255),
    username: clip(user.userPrincipalName ?? email ?? '', 255),
    active,
  };
}

function fromHlc(user: HlcUser): Account {
  return {
    externalId: user.id,
    firstName: clip(user.firstName, 100),
    lastName: clip(user.lastName, 100),
    email: clip(user.email, 255),
    username: clip(user.username ?? user.email, 255),
    active: user.active,
  };
}

/** Who the history and change logs name for what a sync's deactivation moves on (no user: a job). */
export const DIRECTORY_SYNC_AUTHOR = 'Directory Sync';

/** The fields a sync changes, named in the change log as an admin's edit names them (the API's names). */
type SyncedField = 'firstName' | 'lastName' | 'email';
const CHANGE_LOG_FIELD: Record<SyncedField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
};

const syncAuthor = (orgId: number): ChangeLogAuthor => ({
  orgId,
  userId: null,
  name: DIRECTORY_SYNC_AUTHOR,
  email: null,
  sudoer: null,
});
const nameOf = (u: { firstName: string; lastName: string }): string => `${u.firstName} ${u.lastName}`.trim();

/**
 * What the sync did to a user, in the change log (product rules: every create, update and delete
 * writes an entry) and, for a creation or a status change, in the user's own log, as an admin's
 * change of the same would be recorded: in the sync's name, with no user id (no person made it).
 */
async function logSyncChange(
  tx: Tx,
  orgId: number,
  now: Date,
  user: { id: number; firstName: string; lastName: string },
  change:
    | { action: 'Create' }
    | { action: 'Update'; changed: Record<string, [unknown, unknown]> }
    | { action: 'Deactivate'; details: Record<string, unknown> },
): Promise<void> {
  await insertChangeLog(tx, syncAuthor(orgId), now, {
    objectType: 'User',
    objectId: user.id,
    objectName: nameOf(user),
    actionName: change.action === 'Create' ? 'Create' : 'Update',
    ...(change.action === 'Update' ? { deltas: { changed: change.changed } } : {}),
    ...(change.action === 'Deactivate'
      ? {
          deltas: {
            changed: { status: [USER_STATUS_LABELS[UserStatus.Active], USER_STATUS_LABELS[UserStatus.Inactive]] },
          },
        }
      : {}),
  });
  if (change.action === 'Create')
    await insertUserLog(tx, orgId, user.id, 'Created', { by: DIRECTORY_SYNC_AUTHOR }, now);
  if (change.action === 'Deactivate')
    await insertUserLog(tx, orgId, user.id, 'Deactivated', { by: DIRECTORY_SYNC_AUTHOR, ...change.details }, now);
}

/** A user the directory no longer lists (or lists as inactive) leaves, as an admin's deactivation would have them leave. */
export async function deactivateSyncedUser(tx: Tx, orgId: number, userId: number, now: Date): Promise<void> {
  const [user] = await tx
    .update(orgUsers)
    .set({ status: UserStatus.Inactive, updatedAt: now })
    .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.id, userId)))
    .returning({ id: orgUsers.id, firstName: orgUsers.firstName, lastName: orgUsers.lastName });
  const ended = await endUserParticipation(
    { tx, orgId, now, actor: { kind: 'job', orgId, name: DIRECTORY_SYNC_AUTHOR } },
    userId,
  );
  if (user)
    await logSyncChange(tx, orgId, now, user, {
      action: 'Deactivate',
      details: {
        from: USER_STATUS_LABELS[UserStatus.Active],
        sessions_ended: ended.sessions,
        tasks_closed: ended.tasks,
      },
    });
}

/**
 * Applies the accounts to the org's users in the org's own transaction (row-level security on):
 * a linked account updates its user; an unlinked one adopts the user of the same e-mail (only an
 * active one no account of this source links yet) or creates one; an inactive one deactivates its
 * user. `complete`: the list is every account, so a linked user missing from it left the source
 * and is deactivated too.
 */
async function applyAccounts(
  tx: Tx,
  orgId: number,
  source: SyncKind,
  accounts: Account[],
  complete: boolean,
  now: Date,
): Promise<Counts> {
  const counts: Counts = { created: 0, updated: 0, deactivated: 0, skipped: [] };
  const links = await tx
    .select({ externalId: idpUserLinks.externalId, userId: idpUserLinks.userId })
    .from(idpUserLinks)
    .where(and(eq(idpUserLinks.orgId, orgId), eq(idpUserLinks.source, source)));
  const linked = new Map(links.map((l) => [l.externalId, l.userId]));
  // A user belongs to one account of the source: the link is who signs in as them. Kept up to date
  // through the run, so two accounts of one e-mail in the same read cannot both take the user.
  const linkedUsers = new Set(links.map((l) => l.userId));
  const users = await tx.select().from(orgUsers).where(eq(orgUsers.orgId, orgId));
  const byId = new Map(users.map((u) => [u.id, u]));
  const byEmail = new Map(users.filter((u) => u.status !== UserStatus.Deleted).map((u) => [u.email.toLowerCase(), u]));
  const seen = new Set<string>();

  for (const account of accounts) {
    seen.add(account.externalId);
    const userId = linked.get(account.externalId);
    const user = userId === undefined ? undefined : byId.get(userId);
    if (user) {
      if (user.status === UserStatus.Deleted) continue;
      if (!account.active) {
        if (user.status === UserStatus.Active) {
          await deactivateSyncedUser(tx, orgId, user.id, now);
          counts.deactivated += 1;
        }
        continue;
      }
      const changes: Partial<typeof orgUsers.$inferInsert> = {};
      if (account.firstName && account.firstName !== user.firstName) changes.firstName = account.firstName;
      if (account.lastName && account.lastName !== user.lastName) changes.lastName = account.lastName;
      if (account.email && account.email.toLowerCase() !== user.email.toLowerCase()) {
        const holder = byEmail.get(account.email.toLowerCase());
        if (holder && holder.id !== user.id) counts.skipped.push(`${account.email}: another user has this e-mail`);
        else changes.email = account.email;
      }
      if (Object.keys(changes).length > 0) {
        await tx
          .update(orgUsers)
          .set({ ...changes, updatedAt: now })
          .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.id, user.id)));
        // As an administrator's change of the address does: a link sent to the old one stops working.
        if (changes.email !== undefined) await spendUnusedPasswordTokens(tx, orgId, [user.id], now);
        byEmail.delete(user.email.toLowerCase());
        byEmail.set((changes.email ?? user.email).toLowerCase(), { ...user, ...changes });
        await logSyncChange(
          tx,
          orgId,
          now,
          { ...user, ...changes },
          {
            action: 'Update',
            changed: Object.fromEntries(
              Object.entries(changes).map(([field, value]) => [
                CHANGE_LOG_FIELD[field as SyncedField],
                [user[field as SyncedField], value],
              ]),
            ),
          },
        );
        counts.updated += 1;
      }
      continue;
    }
    if (!account.active) continue;
    if (!account.email || !account.username) {
      counts.skipped.push(`${account.externalId}: no e-mail address`);
      continue;
    }
    const existing = byEmail.get(account.email.toLowerCase());
    let targetId: number;
    if (existing) {
      // An e-mail address is not proof of who someone is (docs/sso.md): adopting a user another
      // account already links (an address reassigned in the directory, or two accounts sharing one)
      // would let this account sign in as them, with their roles and history. Someone an
      // administrator deactivated is not handed to an account either; an administrator decides.
      const who = `${account.email} (${KIND_LABEL[source]} account ${account.externalId})`;
      if (linkedUsers.has(existing.id)) {
        counts.skipped.push(
          `${who}: the user with this e-mail is already linked to another ${KIND_LABEL[source]} account`,
        );
        continue;
      }
      if (existing.status !== UserStatus.Active) {
        counts.skipped.push(`${who}: the user with this e-mail is not active, so it is not linked`);
        continue;
      }
      // A user the org already had (same e-mail) is adopted; the directory's names win from now on.
      targetId = existing.id;
      const names = {
        firstName: account.firstName || existing.firstName,
        lastName: account.lastName || existing.lastName,
      };
      if (names.firstName !== existing.firstName || names.lastName !== existing.lastName) {
        await tx
          .update(orgUsers)
          .set({ ...names, updatedAt: now })
          .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.id, existing.id)));
        // A second listing of the account in this read compares with the names it now has.
        byId.set(existing.id, { ...existing, ...names });
        byEmail.set(existing.email.toLowerCase(), { ...existing, ...names });
        await logSyncChange(
          tx,
          orgId,
          now,
          { id: existing.id, ...names },
          {
            action: 'Update',
            changed: Object.fromEntries(
              (['firstName', 'lastName'] as const)
                .filter((field) => names[field] !== existing[field])
                .map((field) => [CHANGE_LOG_FIELD[field], [existing[field], names[field]]]),
            ),
          },
        );
        counts.updated += 1;
      }
    } else {
      const [taken] = await queryRows<{ taken: boolean }>(
        tx,
        sql`select username_taken(${account.username}, ${null}::integer) as taken`,
      );
      if (taken?.taken) {
        counts.skipped.push(`${account.username}: the username is taken by another user`);
        continue;
      }
      const [created] = await tx
        .insert(orgUsers)
        .values({
          orgId,
          firstName: account.firstName || account.username,
          lastName: account.lastName,
          email: account.email,
          username: account.username,
          status: UserStatus.Active,
          createdFrom: source === 'azure' ? UserCreatedFrom.Azure : UserCreatedFrom.PolicyManager,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      targetId = created!.id;
      byEmail.set(account.email.toLowerCase(), created!);
      byId.set(created!.id, created!);
      await logSyncChange(tx, orgId, now, created!, { action: 'Create' });
      counts.created += 1;
    }
    await tx
      .insert(idpUserLinks)
      .values({ orgId, source, externalId: account.externalId, userId: targetId, createdAt: now })
      .onConflictDoNothing();
    // The directory may list an account twice in one read (Graph's delta does): the second time it
    // is this user's account, not another one after the same e-mail.
    linked.set(account.externalId, targetId);
    linkedUsers.add(targetId);
  }

  if (complete) {
    for (const [externalId, userId] of linked) {
      const user = byId.get(userId);
      if (seen.has(externalId) || !user || user.status !== UserStatus.Active) continue;
      await deactivateSyncedUser(tx, orgId, userId, now);
      counts.deactivated += 1;
    }
  }
  return counts;
}

/** The delta link of the org's last successful Azure run: where this run starts. */
async function previousDeltaLink(tx: Executor, orgId: number): Promise<string | null> {
  const [row] = await tx
    .select({ deltaLink: idpSyncRuns.deltaLink })
    .from(idpSyncRuns)
    .where(and(eq(idpSyncRuns.orgId, orgId), eq(idpSyncRuns.kind, 'azure'), eq(idpSyncRuns.status, 'done')))
    .orderBy(desc(idpSyncRuns.id))
    .limit(1);
  return row?.deltaLink ?? null;
}

/** A stored secret that does not open fails the run with the sentence staff act on (not a retried throw). */
function opened<T>(open: () => T, label: string): T {
  try {
    return open();
  } catch (error) {
    if (error instanceof SecretUnreadableError) throw new DirectoryError(unreadableSecretMessage(label));
    throw error;
  }
}

async function readAccounts(
  db: Db,
  keys: SecretsKeySource,
  run: SyncRunRow,
  signal?: AbortSignal,
): Promise<{ accounts: Account[]; complete: boolean; deltaLink: string | null }> {
  const { settings, delta } = await withSystem(db, async (tx) => ({
    settings: await findSettings(tx, run.orgId, run.kind === 'azure' ? 'AD' : 'HSTREAM_HLC'),
    delta: run.kind === 'azure' ? await previousDeltaLink(tx, run.orgId) : null,
  }));
  if (run.kind === 'azure') {
    if (!settings) throw new DirectoryError('The organization has no Azure settings.');
    const config = opened(() => azureConfigOf(settings, secretsKeyOf(keys)), 'Azure client secret');
    const read = await readAzureUsers(config, delta, signal);
    const accounts = read.users.map(fromGraph).filter((a): a is Account => a !== null);
    return { accounts, complete: read.full, deltaLink: read.deltaLink };
  }
  const config = opened(() => hlcConfigOf(settings, secretsKeyOf(keys)), 'HLC API key');
  if (!config.usersUrl) throw new DirectoryError('The organization has no HLC users endpoint.');
  const users = await readHlcUsers(config.usersUrl, config.apiKey || null, signal);
  return { accounts: users.map(fromHlc), complete: true, deltaLink: null };
}

/** How many skipped accounts the summary e-mail names; past them it says how many more. */
const SKIPPED_LISTED = 50;

function outcomeMail(
  kind: SyncKind,
  orgName: string,
  counts: Counts | null,
  error: string | null,
): { subject: string; text: string } {
  const what = `The ${KIND_LABEL[kind]} synchronization of ${orgName}`;
  if (error !== null || !counts) {
    return {
      subject: `${KIND_LABEL[kind]} synchronization failed`,
      text: `${what} did not complete, and no user was changed:\n\n${error ?? ''}`,
    };
  }
  const lines = [
    `${what} has completed.`,
    '',
    `Users created: ${counts.created}`,
    `Users updated: ${counts.updated}`,
    `Users deactivated: ${counts.deactivated}`,
    `Accounts skipped: ${counts.skipped.length}`,
    ...counts.skipped.slice(0, SKIPPED_LISTED).map((s) => `  - ${s}`),
    ...(counts.skipped.length > SKIPPED_LISTED ? [`  - and ${counts.skipped.length - SKIPPED_LISTED} more`] : []),
  ];
  return { subject: `${KIND_LABEL[kind]} synchronization completed`, text: lines.join('\n') };
}

async function runOne(
  db: Db,
  keys: SecretsKeySource,
  claimed: { id: number; org_id: number },
  now: Date,
  signal?: AbortSignal,
): Promise<'done' | 'failed'> {
  const { run, org } = await withSystem(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(idpSyncRuns)
      .where(and(eq(idpSyncRuns.orgId, claimed.org_id), eq(idpSyncRuns.id, claimed.id)));
    return { run: row!, org: await getOrg(tx, claimed.org_id) };
  });
  const kind: SyncKind = run.kind === 'hlc' ? 'hlc' : 'azure';
  try {
    // Read everything first, outside any transaction: the directory may be slow, the database waits for nobody.
    const read = await readAccounts(db, keys, run, signal);
    await withTenant(db, run.orgId, async (tx) => {
      const counts = await applyAccounts(tx, run.orgId, kind, read.accounts, read.complete, now);
      await tx
        .update(idpSyncRuns)
        .set({
          status: 'done',
          createdCount: counts.created,
          updatedCount: counts.updated,
          deactivatedCount: counts.deactivated,
          skippedCount: counts.skipped.length,
          error: null,
          deltaLink: read.deltaLink,
          finishedAt: now,
        })
        .where(and(eq(idpSyncRuns.orgId, run.orgId), eq(idpSyncRuns.id, run.id)));
      await enqueueMail(tx, { orgId: run.orgId, to: run.startedByEmail, ...outcomeMail(kind, org.name, counts, null) });
    });
    return 'done';
  } catch (error) {
    if (!(error instanceof DirectoryError)) throw error;
    await withTenant(db, run.orgId, async (tx) => {
      await tx
        .update(idpSyncRuns)
        .set({ status: 'failed', error: error.message, finishedAt: now })
        .where(and(eq(idpSyncRuns.orgId, run.orgId), eq(idpSyncRuns.id, run.id)));
      await enqueueMail(tx, {
        orgId: run.orgId,
        to: run.startedByEmail,
        ...outcomeMail(kind, org.name, null, error.message),
      });
    });
    return 'failed';
  }
}

/**
 * The idp-sync background job: runs every queued sync, oldest first. A run is claimed (committed)
 * before it starts, so it runs once; a run whose process died is taken again after a while.
 * `keys` says where the key of the stored secrets is; it is fetched only when a run reads one.
 */
export async function processIdpSyncRuns(
  db: Db,
  keys: SecretsKeySource,
  now: Date,
  signal?: AbortSignal,
): Promise<{ done: number; failed: number }> {
  const result = { done: 0, failed: 0 };
  while (!signal?.aborted) {
    const claimed = await withSystem(db, (tx) => claimNext(tx, now));
    if (!claimed) break;
    result[await runOne(db, keys, claimed, now, signal)] += 1;
  }
  return result;
}
