import { postForm } from '../test/pnp-factories';
import { makePnp, pnpStatus, row, UNKNOWN_ID, type MatrixPnp, type Response } from './permission-matrix';
import { describeMatrix, EVERYONE, MANAGERS, pnpRow, SEE_DRAFTS, textFile, upload } from './permission-matrix.rows';
import { putAccess } from '../test/access-calls';

/**
 * Permission matrix (product-rules.md) through the API, part 1: seeing P&Ps, creating them, their
 * settings, dates and participants, Start Review and Extend, the draft's content and file, the
 * published file, retire, delete and restore. Workflow steps and read acknowledgements are in
 * permission-matrix.workflow.test.ts.
 */

const o = (orgId: number) => `/api/o/${orgId}`;
const docQuery = (p: MatrixPnp) => `?pnp_id=${p.id}`;

describeMatrix('P&Ps', (w) => {
  const LIBRARY_READERS = [...SEE_DRAFTS, 'Audience'] as const;
  // Product rules: the binder owner holds a role on an ancestor of every P&P of the binder (binder
  // P's P&Ps all have participants of their own, without BO) and sees them in the library.
  const statusIs = (want: number) => async (_res: unknown, p: MatrixPnp) => {
    const got = await pnpStatus(w(), p.id);
    return got === want ? null : `the P&P's status is ${got}, not ${want}`;
  };
  const stageIs = (want: number) => (res: Response) => {
    const doc = res.json<{ pnp_document: { draft_stage: number | null } }>().pnp_document;
    return doc.draft_stage === want ? null : `the draft is in stage ${doc.draft_stage}, not ${want}`;
  };

  const containerTarget = () => ({ id: w().folderC.id, names: [w().folderC.name, w().binderC.name] });
  let created = 0;
  const newName = () => `New ${w().marker} ${(created += 1)}`;

  return [
    // See a published P&P in the library: anyone with any role on it or an ancestor (Audience and up), OA.
    pnpRow(w, {
      capability: 'see a published P&P in the library',
      name: 'open a Published P&P (GET library/{id})',
      state: 'active',
      allowed: LIBRARY_READERS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/library/${p.id}`),
    }),
    pnpRow(w, {
      capability: 'see a published P&P in the library',
      name: 'its published file (GET library/{id}/file)',
      state: 'active',
      allowed: LIBRARY_READERS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/library/${p.id}/file?action_name=view`),
    }),
    row<MatrixPnp>({
      capability: 'see a published P&P in the library',
      name: 'find it in the library list by a word of its name (only those who may see it do)',
      allowed: EVERYONE,
      forbidden: [],
      objectless: true,
      make: () => makePnp(w(), 'active'),
      mutates: false,
      unknown: (p) => p,
      call: (a, org, p) => a.get(`${o(org)}/library?list=true&words=${encodeURIComponent(p.name.split(' ').pop()!)}`),
      secrets: (p) => [p.name],
      check: (res, p, actor) => {
        const found = res.body.includes(p.name);
        const should = (LIBRARY_READERS as readonly string[]).includes(actor);
        return found === should ? null : `${actor} ${should ? 'does not find' : 'finds'} it`;
      },
    }),

    // See drafts, version history, workflow history: OA, Owner, Author, Reviewer, Approver of that P&P (and BO).
    pnpRow(w, {
      capability: 'see drafts, version history, workflow history',
      name: 'a draft in Reviewing (GET pnp_documents/{id})',
      state: 'reviewing',
      allowed: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/pnp_documents/${p.draftId}${docQuery(p)}`),
    }),
    pnpRow(w, {
      capability: 'see drafts, version history, workflow history',
      name: "a draft's file (GET pnp_documents/{id}/file)",
      state: 'reviewing',
      allowed: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/pnp_documents/${p.draftId}/file${docQuery(p)}&action_name=view`),
    }),
    pnpRow(w, {
      capability: 'see drafts, version history, workflow history',
      name: 'version history (GET pnp_documents/versions): the Audience gets the Active version only',
      state: 'reviewing',
      allowed: [...SEE_DRAFTS, 'Audience'],
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/pnp_documents/versions${docQuery(p)}`),
      check: (res, _p, actor) => {
        const statuses = res
          .json<{ versions: Array<{ status: number }> }>()
          .versions.map((v) => v.status)
          .sort();
        const want = actor === 'Audience' ? [2] : [1, 2, 3];
        return JSON.stringify(statuses) === JSON.stringify(want)
          ? null
          : `${actor} gets versions ${statuses.join(',')}`;
      },
    }),
    pnpRow(w, {
      capability: 'see drafts, version history, workflow history',
      name: 'workflow history (GET pnp_documents/workflow_history)',
      state: 'reviewing',
      allowed: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/pnp_documents/workflow_history${docQuery(p)}`),
    }),
    pnpRow(w, {
      capability: 'see drafts, version history, workflow history',
      name: 'change logs of a P&P (GET pnps/{id}/change_logs)',
      state: 'active',
      allowed: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/pnps/${p.id}/change_logs`),
    }),
    pnpRow(w, {
      capability: 'see drafts, version history, workflow history',
      name: 'a never-published P&P (GET pnps/{id}): not the Audience',
      state: 'never-published',
      allowed: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) => a.get(`${o(org)}/pnps/${p.id}`),
    }),

    // Create a P&P in a container: OA, BO of that container, policy owner with a role there.
    row({
      capability: 'create a P&P',
      name: 'from a file, in folder CF of binder C (POST pnps)',
      allowed: ['OA', 'BO', 'PolicyOwner'],
      // Author and Audience hold roles on binder C; the others none: they do not see it.
      forbidden: ['Author', 'Audience'],
      make: () => Promise.resolve(containerTarget()),
      mutates: false,
      unknown: (c) => ({ ...c, id: UNKNOWN_ID }),
      call: (a, org, c) =>
        postForm(
          a,
          `${o(org)}/pnps`,
          { pnp: JSON.stringify({ name: newName(), container_id: c.id }), document: '{}' },
          [textFile('The first text.')],
        ),
      secrets: (c) => c.names,
    }),
    row({
      capability: 'create a P&P',
      name: 'in bulk, in folder CF (POST pnps/bulk_upload)',
      allowed: ['OA', 'BO', 'PolicyOwner'],
      forbidden: ['Author', 'Audience'],
      make: () => Promise.resolve(containerTarget()),
      mutates: false,
      unknown: (c) => ({ ...c, id: UNKNOWN_ID }),
      call: (a, org, c) =>
        postForm(a, `${o(org)}/pnps/bulk_upload`, { container_id: String(c.id) }, [
          { ...textFile('A bulk text.'), name: `${newName()}.txt` },
        ]),
      secrets: (c) => c.names,
      check: (res) => (res.json<{ created: unknown[] }>().created.length === 1 ? null : 'nothing was created'),
    }),

    // Edit P&P settings, dates, participants: OA, BO, Owner.
    pnpRow(w, {
      capability: 'edit P&P settings, dates, participants',
      name: 'settings of a Published P&P (PUT pnps/{id})',
      state: 'active',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) => a.put(`${o(org)}/pnps/${p.id}`, { pnp: { description: 'A new description.' } }),
    }),
    pnpRow(w, {
      capability: 'edit P&P settings, dates, participants',
      name: 'dates of the Active version (PUT pnp_documents/{id})',
      state: 'active',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) =>
        a.put(`${o(org)}/pnp_documents/${p.activeId}`, { pnp_id: p.id, document: { review_cycle_years: 2 } }),
    }),
    pnpRow(w, {
      capability: 'edit P&P settings, dates, participants',
      name: 'participants of a Published P&P (PUT access/{id}, object_type 3)',
      state: 'active',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) => {
        const u = w().users;
        const user = (id: number) => [{ type: 'User', id }];
        return putAccess(a, `${o(org)}/access/${p.id}`, {
          object_type: 3,
          participants: {
            owners: user(u.Owner.id),
            authors: user(u.Author.id),
            reviewers: user(u.Reviewer.id),
            approvers: user(u.Approver1.id),
            approversStep2: user(u.Approver2.id),
            audience: user(u.Audience.id),
          },
        });
      },
    }),

    // Start review (new revision draft) / Extend (mark reviewed): OA, BO, Owner, Author.
    pnpRow(w, {
      capability: 'start review / extend',
      name: 'Start Review on a Published P&P (POST pnp_documents/{id}/start_revision)',
      state: 'active',
      allowed: [...MANAGERS, 'Author'],
      mutates: true,
      call: (a, org, p) => a.post(`${o(org)}/pnp_documents/${p.activeId}/start_revision${docQuery(p)}`, {}),
    }),
    pnpRow(w, {
      capability: 'start review / extend',
      name: 'Extend on a Published P&P (POST pnp_documents/{id}/extend_review)',
      state: 'active',
      allowed: [...MANAGERS, 'Author'],
      mutates: true,
      call: (a, org, p) => a.post(`${o(org)}/pnp_documents/${p.activeId}/extend_review${docQuery(p)}`, {}),
    }),

    // Edit draft content, replace draft file: Owner, Author, only while in Authoring.
    pnpRow(w, {
      capability: 'edit draft content, replace draft file (Authoring)',
      name: 'edit a draft in Authoring (PUT pnp_documents/{id})',
      state: 'authoring',
      allowed: ['Owner', 'Author'],
      mutates: true,
      call: (a, org, p) =>
        a.put(`${o(org)}/pnp_documents/${p.draftId}`, { pnp_id: p.id, document: { notes: 'New notes.' } }),
    }),
    pnpRow(w, {
      capability: 'edit draft content, replace draft file (Authoring)',
      name: 'edit a draft in Reviewing: nobody (422 for those who see drafts)',
      state: 'reviewing',
      allowed: [],
      unprocessable: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) =>
        a.put(`${o(org)}/pnp_documents/${p.draftId}`, { pnp_id: p.id, document: { notes: 'New notes.' } }),
    }),
    pnpRow(w, {
      capability: 'edit draft content, replace draft file (Authoring)',
      name: 'replace the file of a draft in Authoring (POST pnp_documents/replace_file)',
      state: 'authoring',
      allowed: ['Owner', 'Author'],
      mutates: true,
      call: (a, org, p) =>
        upload(a, `${o(org)}/pnp_documents/replace_file`, { pnp_id: String(p.id), id: String(p.draftId) }),
      check: stageIs(2),
    }),
    pnpRow(w, {
      capability: 'edit draft content, replace draft file (Authoring)',
      name: 'replace the file of a draft in Authoring (POST pnps/{id}/pnp_documents/{docId}/upload_document)',
      state: 'authoring',
      allowed: ['Owner', 'Author'],
      mutates: true,
      call: (a, org, p) => upload(a, `${o(org)}/pnps/${p.id}/pnp_documents/${p.draftId}/upload_document`, {}),
    }),
    pnpRow(w, {
      // The matrix says "only while in Authoring"; the workflow section says a file change during
      // Reviewing or Approving sends the draft back to Authoring, and the server does that.
      capability: 'edit draft content, replace draft file (Authoring)',
      name: 'replace the file of a draft in Reviewing: Owner, Author, and it goes back to Authoring',
      state: 'reviewing',
      allowed: ['Owner', 'Author'],
      mutates: true,
      call: (a, org, p) =>
        upload(a, `${o(org)}/pnp_documents/replace_file`, { pnp_id: String(p.id), id: String(p.draftId) }),
      check: stageIs(2),
    }),

    // Replace the published file without a new version: OA, BO, Owner (logged).
    pnpRow(w, {
      capability: 'replace the published file',
      name: 'the Active version of a Published P&P (POST pnp_documents/replace_file)',
      state: 'active',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) =>
        upload(a, `${o(org)}/pnp_documents/replace_file`, { pnp_id: String(p.id), id: String(p.activeId) }),
    }),

    // Retire (reason required), delete a never-published P&P: OA, BO, Owner.
    pnpRow(w, {
      capability: 'retire, delete a never-published P&P',
      name: 'retire a Published P&P (PUT pnps/retire)',
      state: 'active',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) => a.put(`${o(org)}/pnps/retire`, { id: p.id, retire_reason: 'Superseded by a new policy.' }),
      check: statusIs(3),
    }),
    pnpRow(w, {
      capability: 'retire, delete a never-published P&P',
      name: 'delete a never-published P&P (DELETE pnps/{id})',
      state: 'never-published',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) => a.delete(`${o(org)}/pnps/${p.id}`),
      check: async (_res, p) => ((await pnpStatus(w(), p.id)) === null ? null : 'the P&P is still there'),
    }),
    pnpRow(w, {
      capability: 'retire, delete a never-published P&P',
      name: 'delete a Published P&P: nobody (422: retire it instead)',
      state: 'active',
      allowed: [],
      // The state is checked first: whoever sees it learns only that a published P&P is retired instead.
      unprocessable: [...SEE_DRAFTS, 'Audience'],
      mutates: false,
      call: (a, org, p) => a.delete(`${o(org)}/pnps/${p.id}`),
    }),

    // Restore a retired P&P: OA.
    pnpRow(w, {
      capability: 'restore a retired P&P',
      name: 'restore a Retired P&P (PUT pnps/restore)',
      state: 'retired',
      allowed: ['OA'],
      mutates: true,
      call: (a, org, p) => a.put(`${o(org)}/pnps/restore`, { id: p.id }),
      check: statusIs(2),
    }),
  ];
});
