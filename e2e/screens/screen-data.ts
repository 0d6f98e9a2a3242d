import { randomBytes } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { CandidateList, Participants } from '../../shared/api/access';
import type { ContainerItemResponse } from '../../shared/api/containers';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import type { CreatePnpResponse } from '../../shared/api/pnps';
import { renderDocx } from '../../server/seed/documents';
import { TenetApi } from '../support/api';
import { DemoUsers, type DemoUser } from '../support/users';

/**
 * Data the screen tests make for themselves through the API, as the organisation admin: a binder of
 * their own with its participants, P&Ps with real DOCX files, taken through the workflow to
 * published. Nothing depends on the demo organisation's P&Ps; only the demo users are used.
 */

/** A name no other test (or run) uses. */
export const uniqueName = (base: string): string => `${base} ${randomBytes(3).toString('hex')}`;

const today = (): string => new Date().toISOString().slice(0, 10);

export interface Admin {
  readonly api: TenetApi;
  readonly orgId: number;
  /** The user id of a demo user, by name. */
  userId(user: DemoUser): Promise<number>;
  /** A multipart post with the admin's session and CSRF token. */
  postFile<T>(
    path: string,
    fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ): Promise<T>;
  dispose(): Promise<void>;
}

export async function signInAdmin(baseURL: string): Promise<Admin> {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const api = new TenetApi(context);
  const session = await api.signIn(DemoUsers.admin);
  const orgId = session.org?.id ?? 0;
  return {
    api,
    orgId,
    async userId(user) {
      const list = await api.get<CandidateList>(`o/${orgId}/access/candidates?q=${encodeURIComponent(user.name)}`);
      const found = list.candidates.find((c) => c.type === 'User' && c.name === user.name);
      if (!found) throw new Error(`No user named ${user.name}`);
      return found.id;
    },
    async postFile<T>(
      path: string,
      fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
    ) {
      const token = (await context.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
      const response = await context.fetch(`/api/${path}`, {
        method: 'POST',
        headers: { [CSRF_HEADER]: decodeURIComponent(token) },
        multipart: fields,
      });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
    dispose: () => context.dispose(),
  };
}

export interface Roles {
  readonly audience?: readonly DemoUser[];
  readonly reviewers?: readonly DemoUser[];
}

/** A binder of the test's own: the admin owns it, the given users read or review in it. */
export async function createBinder(admin: Admin, name: string, roles: Roles = {}): Promise<number> {
  const { item } = await admin.api.post<ContainerItemResponse>(`o/${admin.orgId}/containers`, {
    item: { item_type: 1, name },
  });
  const refs = async (users: readonly DemoUser[] = []) =>
    Promise.all(users.map(async (u) => ({ type: 'User' as const, id: await admin.userId(u) })));
  const { participants_version } = await admin.api.get<Participants>(
    `o/${admin.orgId}/access/fetch_participants?object_type=1&object_id=${item.id}`,
  );
  await admin.api.send('PUT', `o/${admin.orgId}/access/${item.id}`, {
    object_type: 1,
    participants_version,
    participants: {
      owners: await refs([DemoUsers.admin]),
      audience: await refs(roles.audience),
      reviewers: await refs(roles.reviewers),
    },
  });
  return item.id;
}

export interface DraftPnp {
  readonly pnpId: number;
  readonly documentId: number;
}

/** A P&P with a real DOCX in a binder or folder, still a draft in Authoring. */
export async function createDraft(
  admin: Admin,
  containerId: number,
  name: string,
  paragraphs: string[],
): Promise<DraftPnp> {
  const file = await renderDocx({ title: name, sections: [{ heading: 'Policy', paragraphs }] });
  const created = await admin.postFile<CreatePnpResponse>(`o/${admin.orgId}/pnps`, {
    pnp: JSON.stringify({ name, container_id: containerId }),
    document: '{}',
    file: {
      name: `${name}.docx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: file,
    },
  });
  return { pnpId: created.pnp.id, documentId: created.pnp_document.id };
}

/** One workflow step of a draft, as the given API's user. */
export async function workflow(api: TenetApi, orgId: number, draft: DraftPnp, body: object): Promise<void> {
  await api.post(`o/${orgId}/pnp_documents/${draft.documentId}/workflow?pnp_id=${draft.pnpId}`, body);
}

/** Submits a draft with nobody to review or approve, and publishes it effective today. */
export async function publish(admin: Admin, draft: DraftPnp): Promise<void> {
  await workflow(admin.api, admin.orgId, draft, { action: 'submit' });
  await workflow(admin.api, admin.orgId, draft, {
    action: 'publish',
    effective_dt: today(),
    review_cycle_years: 1,
    reminder_days: 30,
  });
}

/** A published P&P of its own binder that the nurse reads. */
export async function publishedForNurse(
  admin: Admin,
  names: { binder: string; pnp: string },
  paragraphs: string[],
): Promise<DraftPnp & { binderId: number }> {
  const binderId = await createBinder(admin, names.binder, { audience: [DemoUsers.nurse] });
  const draft = await createDraft(admin, binderId, names.pnp, paragraphs);
  await publish(admin, draft);
  return { ...draft, binderId };
}

export { openAs } from '../support/auth';
