import type { Agent } from '../test/harness';
import {
  makePnp,
  row,
  UNKNOWN_ID,
  type ActorKey,
  type MatrixPnp,
  type Response,
  type World,
} from './permission-matrix';
import { describeMatrix, MANAGERS, pnpRow, SEE_DRAFTS, seersOf, unknownPnp, without } from './permission-matrix.rows';

/**
 * Permission matrix (product-rules.md) through the API, part 2: the draft workflow (submit, accept
 * and decline in Reviewing, approve and decline at step k and on an approver's behalf, publish)
 * and read acknowledgements (create, edit, cancel, acknowledge).
 */

const o = (orgId: number) => `/api/o/${orgId}`;
const step = (a: Agent, org: number, p: MatrixPnp, body: Record<string, unknown>) =>
  a.post(`${o(org)}/pnp_documents/${p.draftId}/workflow?pnp_id=${p.id}`, body);

/** The draft after the step: where the workflow put it. */
const movedTo =
  (stage: number | null, approvalStep: number | null = null) =>
  (res: Response): string | null => {
    const doc = res.json<{
      pnp_document: { status: number; draft_stage: number | null; approval_step: number | null };
    }>().pnp_document;
    return doc.draft_stage === stage && doc.approval_step === approvalStep
      ? null
      : `the draft went to stage ${doc.draft_stage}, step ${doc.approval_step}, not ${stage}, ${approvalStep}`;
  };

interface Ack {
  pnp: MatrixPnp;
  ackId: number;
}

describeMatrix('Workflow and read acknowledgements', (w) => {
  const dueDate = (): string => new Date(w().t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  let acks = 0;
  const ackBody = () => ({
    read_acknowledgement: {
      name: `Read ${w().marker} ${(acks += 1)}`,
      due_date: dueDate(),
      user_ids: [w().users.Audience.id],
    },
  });
  /** A Published P&P with an Active read acknowledgement (made through the API by the org admin) for the Audience. */
  const makeAck = async (opened: boolean): Promise<Ack> => {
    const world: World = w();
    const pnp = await makePnp(world, 'active');
    const res = await world.agents.OA.post(`${o(world.org.id)}/pnps/${pnp.id}/read_acknowledgements`, ackBody());
    if (res.statusCode !== 201) throw new Error(`read acknowledgement not made: ${res.statusCode} ${res.body}`);
    const ackId = res.json<{ read_acknowledgement: { id: number } }>().read_acknowledgement.id;
    if (opened) {
      const open = await world.agents.Audience.get(`${o(world.org.id)}/library/${pnp.id}`);
      if (open.statusCode !== 200) throw new Error(`the reader could not open it: ${open.statusCode}`);
    }
    return { pnp, ackId };
  };
  const ackRow = (spec: {
    name: string;
    allowed: readonly ActorKey[];
    unprocessable?: readonly ActorKey[];
    opened: boolean;
    mutates: boolean;
    call: (a: Agent, org: number, x: Ack) => Promise<Response>;
    capability: string;
  }) =>
    row<Ack>({
      capability: spec.capability,
      name: spec.name,
      allowed: spec.allowed,
      forbidden: without(seersOf('active'), spec.allowed, spec.unprocessable ?? []),
      ...(spec.unprocessable ? { unprocessable: spec.unprocessable } : {}),
      make: () => makeAck(spec.opened),
      mutates: spec.mutates,
      unknown: (x) => ({ pnp: unknownPnp(x.pnp), ackId: UNKNOWN_ID }),
      call: spec.call,
      secrets: (x) => [x.pnp.name, w().folderP.name, w().binderP.name, w().marker],
    });
  const ackUrl = (org: number, x: Ack, tail = '') =>
    `${o(org)}/pnps/${x.pnp.id}/read_acknowledgements/${x.ackId}${tail}`;

  return [
    // Submit to Reviewing or Approving: Owner, Author.
    pnpRow(w, {
      capability: 'submit',
      name: 'submit a draft in Authoring',
      state: 'authoring',
      allowed: ['Owner', 'Author'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'submit' }),
      check: movedTo(3),
    }),

    // Accept / decline in Reviewing: Reviewer.
    pnpRow(w, {
      capability: 'accept / decline in Reviewing',
      name: 'accept a draft in Reviewing',
      state: 'reviewing',
      allowed: ['Reviewer'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'accept_review' }),
      check: movedTo(4, 1),
    }),
    pnpRow(w, {
      capability: 'accept / decline in Reviewing',
      name: 'decline a draft in Reviewing (with a comment)',
      state: 'reviewing',
      allowed: ['Reviewer'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'decline_review', comment: 'Please cite the source.' }),
      check: movedTo(2),
    }),

    // Approve / decline at step k: approvers of step k; OA, BO, Owner on their behalf (a decline needs a comment).
    pnpRow(w, {
      capability: 'approve / decline at step k',
      name: 'approve at step 1',
      state: 'approving-1',
      allowed: ['Approver1'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'approve' }),
      check: movedTo(4, 2),
    }),
    pnpRow(w, {
      capability: 'approve / decline at step k',
      name: 'approve at step 2 (not the approver of step 1)',
      state: 'approving-2',
      allowed: ['Approver2'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'approve' }),
      check: movedTo(5),
    }),
    pnpRow(w, {
      capability: 'approve / decline at step k',
      name: 'approve at step 1 on behalf of its approver',
      state: 'approving-1',
      // The approver of step 1 naming themselves approves in their own slot.
      allowed: [...MANAGERS, 'Approver1'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'approve', on_behalf_of_user_id: w().users.Approver1.id }),
      check: movedTo(4, 2),
    }),
    pnpRow(w, {
      capability: 'approve / decline at step k',
      name: 'decline at step 1 (with a comment)',
      state: 'approving-1',
      allowed: [...MANAGERS, 'Approver1'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'decline_approval', comment: 'Not yet.' }),
      check: movedTo(2),
    }),
    pnpRow(w, {
      capability: 'approve / decline at step k',
      name: 'decline at step 2 (with a comment; not the approver of step 1)',
      state: 'approving-2',
      allowed: [...MANAGERS, 'Approver2'],
      mutates: true,
      call: (a, org, p) => step(a, org, p, { action: 'decline_approval', comment: 'Not yet.' }),
      check: movedTo(2),
    }),

    // Publish (set effective, review and reminder dates; now or later): OA, BO, Owner.
    pnpRow(w, {
      capability: 'publish',
      name: 'publish a draft in Publishing',
      state: 'publishing',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) =>
        step(a, org, p, { action: 'publish', effective_dt: w().today, review_cycle_years: 1, reminder_days: 30 }),
      check: (res) => {
        const doc = res.json<{ pnp_document: { status: number } }>().pnp_document;
        return doc.status === 2 ? null : `the version is in status ${doc.status}, not Active`;
      },
    }),
    pnpRow(w, {
      capability: 'publish',
      name: 'publish a draft still in Approving: nobody (422 for those who see drafts)',
      state: 'approving-1',
      allowed: [],
      unprocessable: SEE_DRAFTS,
      mutates: false,
      call: (a, org, p) =>
        step(a, org, p, { action: 'publish', effective_dt: w().today, review_cycle_years: 1, reminder_days: 30 }),
    }),

    // Create, edit, cancel read acknowledgements: OA, BO, Owner.
    pnpRow(w, {
      capability: 'create, edit, cancel read acknowledgements',
      name: 'create one on a Published P&P',
      state: 'active',
      allowed: MANAGERS,
      mutates: true,
      call: (a, org, p) => a.post(`${o(org)}/pnps/${p.id}/read_acknowledgements`, ackBody()),
    }),
    ackRow({
      capability: 'create, edit, cancel read acknowledgements',
      name: 'edit an Active one',
      allowed: MANAGERS,
      opened: false,
      mutates: true,
      call: (a, org, x) => a.put(ackUrl(org, x), ackBody()),
    }),
    ackRow({
      capability: 'create, edit, cancel read acknowledgements',
      name: 'cancel an Active one',
      allowed: MANAGERS,
      opened: false,
      mutates: true,
      call: (a, org, x) => a.put(ackUrl(org, x, '/cancel'), {}),
    }),

    // Acknowledge: the assigned reader only, after opening the document.
    ackRow({
      capability: 'acknowledge',
      name: 'acknowledge after opening the document: the assigned reader',
      allowed: ['Audience'],
      opened: true,
      mutates: true,
      call: (a, org, x) => a.put(ackUrl(org, x, '/mark_as_read'), {}),
    }),
    ackRow({
      capability: 'acknowledge',
      name: 'acknowledge before opening the document: nobody (422 for the reader)',
      allowed: [],
      unprocessable: ['Audience'],
      opened: false,
      mutates: false,
      call: (a, org, x) => a.put(ackUrl(org, x, '/mark_as_read'), {}),
    }),
  ];
});
