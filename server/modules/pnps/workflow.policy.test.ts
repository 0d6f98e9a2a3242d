import { describe, expect, it } from 'vitest';
import { DraftStage, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import {
  decideCreate,
  decideDocument,
  decidePnp,
  documentAbilities,
  type ActorFacts,
  type DocumentAction,
  type DocumentState,
  type PnpAction,
} from './workflow.policy';

/** One actor per row of the permission matrix (product-rules.md). */
const USER = 10;
const base = { userId: USER, isAdmin: false, isBinderOwner: false, roles: [] };
const actors: Record<string, ActorFacts> = {
  admin: { ...base, isAdmin: true },
  binderOwner: { ...base, isBinderOwner: true },
  owner: { ...base, roles: [{ role: 1, approval_step: null }] },
  author: { ...base, roles: [{ role: 2, approval_step: null }] },
  reviewer: { ...base, roles: [{ role: 3, approval_step: null }] },
  approver1: { ...base, roles: [{ role: 4, approval_step: 1 }] },
  approver2: { ...base, roles: [{ role: 4, approval_step: 2 }] },
  audience: { ...base, roles: [{ role: 5, approval_step: null }] },
  stranger: base,
};
const everyone = Object.keys(actors);

const draftAt = (stage: number, step: number | null = null, extra: Partial<DocumentState> = {}): DocumentState => ({
  pnpStatus: PnpStatus.Published,
  versionStatus: VersionStatus.Draft,
  stage,
  step,
  everPublished: true,
  hasDraft: true,
  pendingReviewers: stage === DraftStage.Reviewing ? [USER] : [],
  pendingApprovers: stage === DraftStage.Approving ? [USER, 99] : [],
  ...extra,
});
const active: DocumentState = {
  pnpStatus: PnpStatus.Published,
  versionStatus: VersionStatus.Active,
  stage: null,
  step: null,
  everPublished: true,
  hasDraft: false,
  pendingReviewers: [],
  pendingApprovers: [],
};

interface Case {
  action: DocumentAction;
  state: DocumentState;
  allowed: string[];
}

const cases: Case[] = [
  { action: 'edit_draft', state: draftAt(DraftStage.Authoring), allowed: ['owner', 'author'] },
  { action: 'upload_file', state: draftAt(DraftStage.Authoring), allowed: ['owner', 'author'] },
  { action: 'upload_file', state: draftAt(DraftStage.Reviewing), allowed: ['owner', 'author'] },
  { action: 'upload_file', state: draftAt(DraftStage.Approving, 2), allowed: ['owner', 'author'] },
  { action: 'submit', state: draftAt(DraftStage.Authoring), allowed: ['owner', 'author'] },
  { action: 'accept_review', state: draftAt(DraftStage.Reviewing), allowed: ['reviewer'] },
  { action: 'decline_review', state: draftAt(DraftStage.Reviewing), allowed: ['reviewer'] },
  { action: 'approve', state: draftAt(DraftStage.Approving, 1), allowed: ['approver1'] },
  { action: 'approve', state: draftAt(DraftStage.Approving, 2), allowed: ['approver2'] },
  { action: 'approve_on_behalf', state: draftAt(DraftStage.Approving, 1), allowed: ['admin', 'binderOwner', 'owner'] },
  {
    action: 'decline_approval',
    state: draftAt(DraftStage.Approving, 1),
    allowed: ['admin', 'binderOwner', 'owner', 'approver1'],
  },
  { action: 'publish', state: draftAt(DraftStage.Publishing), allowed: ['admin', 'binderOwner', 'owner'] },
  { action: 'send_to_authors', state: draftAt(DraftStage.Approving, 2), allowed: ['admin', 'binderOwner', 'owner'] },
  {
    action: 'cancel_draft',
    state: draftAt(DraftStage.Reviewing),
    allowed: ['admin', 'binderOwner', 'owner', 'author'],
  },
  { action: 'edit_dates', state: active, allowed: ['admin', 'binderOwner', 'owner'] },
  { action: 'replace_published_file', state: active, allowed: ['admin', 'binderOwner', 'owner'] },
  { action: 'start_revision', state: active, allowed: ['admin', 'binderOwner', 'owner', 'author'] },
  { action: 'extend_review', state: active, allowed: ['admin', 'binderOwner', 'owner', 'author'] },
];

describe('document actions: who may, in the right state', () => {
  for (const c of cases) {
    it(`${c.action} (stage ${c.state.stage ?? 'active'}, step ${c.state.step ?? '-'}): ${c.allowed.join(', ')}`, () => {
      for (const who of everyone) {
        const decision = decideDocument(c.action, actors[who]!, c.state);
        if (c.allowed.includes(who)) expect(decision, who).toEqual({ ok: true });
        else expect(decision, who).toMatchObject({ ok: false, status: 403 });
      }
    });
  }
});

describe('document actions out of order are refused for everyone (422)', () => {
  const wrong: Array<[DocumentAction, DocumentState]> = [
    ['submit', draftAt(DraftStage.Reviewing)],
    ['submit', active],
    ['accept_review', draftAt(DraftStage.Authoring)],
    ['decline_review', draftAt(DraftStage.Approving, 1)],
    ['approve', draftAt(DraftStage.Reviewing)],
    ['approve', draftAt(DraftStage.Publishing)],
    ['decline_approval', draftAt(DraftStage.Authoring)],
    ['publish', draftAt(DraftStage.Approving, 1)],
    ['publish', draftAt(DraftStage.Authoring)],
    ['send_to_authors', draftAt(DraftStage.Authoring)],
    ['edit_draft', draftAt(DraftStage.Reviewing)],
    ['upload_file', draftAt(DraftStage.Publishing)],
    ['upload_file', active],
    ['cancel_draft', active],
    ['start_revision', { ...active, hasDraft: true }],
    ['start_revision', { ...active, pnpStatus: PnpStatus.Retired }],
    ['edit_dates', draftAt(DraftStage.Authoring)],
    ['cancel_draft', draftAt(DraftStage.Authoring, null, { everPublished: false })],
  ];
  for (const [action, state] of wrong) {
    it(`${action} at stage ${state.stage ?? 'none'} / status ${state.versionStatus}`, () => {
      for (const who of everyone)
        expect(decideDocument(action, actors[who]!, state), who).toMatchObject({ ok: false, status: 422 });
    });
  }
});

describe('sign-offs', () => {
  it('a reviewer who already accepted cannot accept again; an approver who approved cannot approve twice', () => {
    expect(
      decideDocument('accept_review', actors.reviewer!, draftAt(DraftStage.Reviewing, null, { pendingReviewers: [] })),
    ).toMatchObject({ status: 422 });
    expect(
      decideDocument('approve', actors.approver1!, draftAt(DraftStage.Approving, 1, { pendingApprovers: [99] })),
    ).toMatchObject({ status: 422 });
  });
  it('approving on behalf needs someone still to approve', () => {
    expect(
      decideDocument('approve_on_behalf', actors.owner!, draftAt(DraftStage.Approving, 1, { pendingApprovers: [] })),
    ).toMatchObject({ status: 422 });
  });
  it('abilities list exactly what is allowed', () => {
    expect(documentAbilities(actors.author!, draftAt(DraftStage.Authoring))).toEqual([
      'edit_draft',
      'upload_file',
      'submit',
      'cancel_draft',
    ]);
    expect(documentAbilities(actors.reviewer!, draftAt(DraftStage.Reviewing))).toEqual([
      'accept_review',
      'decline_review',
    ]);
    expect(documentAbilities(actors.audience!, active)).toEqual([]);
  });
});

describe('P&P actions', () => {
  const table: Array<[PnpAction, number, string[]]> = [
    ['view', PnpStatus.Published, everyone.filter((w) => w !== 'stranger')],
    ['view', PnpStatus.Draft, everyone.filter((w) => w !== 'stranger' && w !== 'audience')],
    ['view', PnpStatus.Retired, everyone.filter((w) => w !== 'stranger' && w !== 'audience')],
    [
      'view_drafts',
      PnpStatus.Published,
      ['admin', 'binderOwner', 'owner', 'author', 'reviewer', 'approver1', 'approver2'],
    ],
    ['edit_settings', PnpStatus.Published, ['admin', 'binderOwner', 'owner']],
    ['edit_related', PnpStatus.Draft, ['admin', 'binderOwner', 'owner', 'author']],
    ['retire', PnpStatus.Published, ['admin', 'binderOwner', 'owner']],
    ['restore', PnpStatus.Retired, ['admin']],
    ['delete', PnpStatus.Draft, ['admin', 'binderOwner', 'owner']],
    ['manage_read_acks', PnpStatus.Published, ['admin', 'binderOwner', 'owner']],
    ['manage_read_acks', PnpStatus.Retired, ['admin', 'binderOwner', 'owner']],
  ];
  for (const [action, status, allowed] of table) {
    it(`${action} on status ${status}: ${allowed.join(', ')}`, () => {
      for (const who of everyone) {
        const decision = decidePnp(action, actors[who]!, { status });
        if (allowed.includes(who)) expect(decision, who).toEqual({ ok: true });
        else expect(decision.ok, who).toBe(false);
      }
    });
  }
  it('refuses by state: retire a draft or a retired P&P, restore a published one, delete a published one', () => {
    expect(decidePnp('retire', actors.admin!, { status: PnpStatus.Draft })).toMatchObject({ status: 422 });
    expect(decidePnp('retire', actors.admin!, { status: PnpStatus.Retired })).toMatchObject({ status: 422 });
    expect(decidePnp('restore', actors.admin!, { status: PnpStatus.Published })).toMatchObject({ status: 422 });
    expect(decidePnp('delete', actors.admin!, { status: PnpStatus.Published })).toMatchObject({ status: 422 });
    expect(decidePnp('edit_settings', actors.admin!, { status: PnpStatus.Retired })).toMatchObject({ status: 422 });
  });
  it('creating: OA, BO of the container, a policy owner with a role there', () => {
    expect(decideCreate({ isAdmin: true, isPolicyOwner: false, containerRoles: [] }).ok).toBe(true);
    expect(decideCreate({ isAdmin: false, isPolicyOwner: false, containerRoles: [{ role: 1 }] }).ok).toBe(true);
    expect(decideCreate({ isAdmin: false, isPolicyOwner: true, containerRoles: [{ role: 5 }] }).ok).toBe(true);
    expect(decideCreate({ isAdmin: false, isPolicyOwner: true, containerRoles: [] }).ok).toBe(false);
    expect(decideCreate({ isAdmin: false, isPolicyOwner: false, containerRoles: [{ role: 2 }] }).ok).toBe(false);
  });
});
