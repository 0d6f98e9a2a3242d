import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContainer,
  createGroup,
  createOrg,
  createUser,
  grant,
  type TestOrg,
  type TestUser,
} from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';

let t: TestApp;
let org: TestOrg;
let admin: TestUser;
let reader: TestUser;
let stranger: TestUser;
let open: { id: number; name: string };
let secret: { id: number; name: string };
let folder: { id: number; name: string };
let handHygiene: TestPnp;
let hidden: TestPnp;
let asReader: Agent;
let asAdmin: Agent;
let asStranger: Agent;

const SECRET_WORD = 'quokkaclause';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  admin = await createUser(t.deps, org.id, { isAdmin: true });
  reader = await createUser(t.deps, org.id);
  stranger = await createUser(t.deps, org.id);
  const staff = await createGroup(t.deps, org.id, [reader.id]);
  open = await createContainer(t.deps, org.id, { name: 'Clinical Policies' });
  folder = await createContainer(t.deps, org.id, { parentId: open.id, name: 'Infection Prevention' });
  secret = await createContainer(t.deps, org.id, { name: 'Executive Binder' });
  await grant(t.deps, org.id, { containerId: open.id }, { groupId: staff.id }, 5);
  await grant(t.deps, org.id, { containerId: open.id }, { userId: admin.id }, 1);
  handHygiene = await createPublishedPnp(t.deps, org.id, folder.id, {
    name: 'Hand Hygiene',
    description: 'When and how staff clean their hands.',
    text: 'Alcohol-based hand rub is preferred unless hands are visibly soiled with Clostridioides difficile spores.',
  });
  await createPublishedPnp(t.deps, org.id, open.id, {
    name: 'Patient Identification',
    format: 'pdf',
    text: 'Use two identifiers.',
  });
  hidden = await createPublishedPnp(t.deps, org.id, secret.id, {
    name: 'Board Compensation',
    description: 'Pay of board members.',
    text: `The ${SECRET_WORD} governs the pay of the board.`,
  });
  asReader = await t.signIn(reader.username, reader.password);
  asAdmin = await t.signIn(admin.username, admin.password);
  asStranger = await t.signIn(stranger.username, stranger.password);
});
afterAll(async () => t.close());

const lib = (query = '') => `/api/o/${org.id}/library${query}`;
const search = () => `/api/o/${org.id}/content_navigator_library/search_pnp`;

describe('library list and tree', () => {
  it('lists the published P&Ps a user sees, with location, dates and favourite flag', async () => {
    const res = await asReader.get(lib('?list=true'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((i: { name: string }) => i.name)).toEqual(['Hand Hygiene', 'Patient Identification']);
    expect(body.items[0]).toMatchObject({
      pnp_id: handHygiene.id,
      location: 'Clinical Policies / Infection Prevention',
      description: 'When and how staff clean their hands.',
      favorite: false,
      favorite_updated_at: null,
      expanded: false,
      version_id: handHygiene.versionId,
    });
    expect(typeof body.items[0].published_at).toBe('string');
  });

  it('shows the tree of binders and folders holding what the user sees, with counts', async () => {
    const res = await asReader.get(lib());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.truncated).toBe(false);
    expect(body.tree).toHaveLength(1);
    expect(body.tree[0]).toMatchObject({ id: open.id, name: 'Clinical Policies', count: 2, type: 1 });
    expect(body.tree[0].items.map((i: { name: string }) => i.name)).toEqual(['Patient Identification']);
    expect(body.tree[0].children[0]).toMatchObject({ id: folder.id, name: 'Infection Prevention', count: 1, type: 2 });
    expect(body.tree[0].children[0].items[0].name).toBe('Hand Hygiene');
  });

  it('an org admin sees every published P&P', async () => {
    const res = await asAdmin.get(lib('?list=true'));
    expect(res.json().total).toBe(3);
    const tree = (await asAdmin.get(lib())).json();
    expect(tree.tree.map((n: { name: string }) => n.name).sort()).toEqual(['Clinical Policies', 'Executive Binder']);
  });

  it('pages with offset and limit', async () => {
    const first = (await asAdmin.get(lib('?list=true&limit=2'))).json();
    const second = (await asAdmin.get(lib('?list=true&limit=2&offset=2'))).json();
    const beyond = (await asAdmin.get(lib('?list=true&limit=2&offset=10'))).json();
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect(beyond).toMatchObject({ items: [], total: 3, offset: 10 });
    // Orders other than by name count in the page's own statement: past the end too.
    const byDate = (await asAdmin.get(lib('?list=true&limit=2&offset=2&sort=published_at&dir=desc'))).json();
    expect(byDate).toMatchObject({ total: 3 });
    expect(byDate.items).toHaveLength(1);
    const byDateBeyond = (await asAdmin.get(lib('?list=true&limit=2&offset=10&sort=published_at'))).json();
    expect(byDateBeyond).toMatchObject({ items: [], total: 3, offset: 10 });
  });

  it('sorts by a chosen column', async () => {
    const res = (await asAdmin.get(lib('?list=true&sort=name&dir=desc'))).json();
    expect(res.items.map((i: { name: string }) => i.name)).toEqual([
      'Patient Identification',
      'Hand Hygiene',
      'Board Compensation',
    ]);
  });
});

describe('who sees what', () => {
  it('a user without access never sees a P&P: not in the list, the tree, the counts or the search', async () => {
    for (const agent of [asReader, asStranger]) {
      const list = (await agent.get(lib('?list=true'))).json();
      expect(list.items.map((i: { pnp_id: number }) => i.pnp_id)).not.toContain(hidden.id);
      const tree = JSON.stringify((await agent.get(lib())).json());
      expect(tree).not.toContain('Board Compensation');
      expect(tree).not.toContain('Executive Binder');
      const found = (await agent.post(search(), { phrase: SECRET_WORD })).json();
      expect(found).toMatchObject({ items: [], total: 0 });
      const byWords = (await agent.get(lib(`?list=true&words=${SECRET_WORD}`))).json();
      expect(byWords.total).toBe(0);
      expect((await agent.get(lib(`?words=${SECRET_WORD}`))).json()).toMatchObject({ tree: [], total: 0 });
      const options = JSON.stringify((await agent.get(lib('/filter_options'))).json());
      expect(options).not.toContain('Executive Binder');
    }
    expect((await asStranger.get(lib('?list=true'))).json()).toMatchObject({ items: [], total: 0 });
  });

  it('a user without access cannot open, favourite or download it (404, nothing said about it)', async () => {
    expect((await asReader.get(lib(`/${hidden.id}`))).statusCode).toBe(404);
    expect((await asReader.patch(lib(`/${hidden.id}/handle_favorite`), { favorite: true })).statusCode).toBe(404);
    expect((await asReader.get(lib(`/${hidden.id}/file?action_name=download`))).statusCode).toBe(404);
  });

  it('a word found only in the document body finds it, with a highlighted snippet, for whoever may see it', async () => {
    const res = await asAdmin.post(search(), { phrase: SECRET_WORD, offset: 0 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ pnp_id: hidden.id, matched_in: ['document'] });
    const highlighted = body.items[0].snippet
      .filter((p: { highlight: boolean }) => p.highlight)
      .map((p: { text: string }) => p.text);
    expect(highlighted).toEqual([SECRET_WORD]);
    expect(body.items[0].snippet.map((p: { text: string }) => p.text).join('')).toContain('governs the pay');
  });

  it('never shows drafts or retired P&Ps, and a scheduled one only from its effective date', async () => {
    const draft = await createPublishedPnp(t.deps, org.id, open.id, {
      name: 'Draft Policy',
      status: 1,
      versionStatus: 1,
    });
    const retired = await createPublishedPnp(t.deps, org.id, open.id, { name: 'Retired Policy', status: 3 });
    const tomorrow = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const scheduled = await createPublishedPnp(t.deps, org.id, open.id, {
      name: 'Scheduled Policy',
      effectiveDt: tomorrow,
    });
    // Moving the clock ends idle sessions: each look signs in afresh.
    const ids = async () => {
      const agent = await t.signIn(admin.username, admin.password);
      return ((await agent.get(lib('?list=true&limit=100'))).json().items as Array<{ pnp_id: number }>).map(
        (i) => i.pnp_id,
      );
    };
    let seen = await ids();
    expect(seen).not.toContain(draft.id);
    expect(seen).not.toContain(retired.id);
    expect(seen).not.toContain(scheduled.id);
    expect(
      (await asAdmin.post(search(), { phrase: 'Draft Policy' })).json().items.map((i: { pnp_id: number }) => i.pnp_id),
    ).not.toContain(draft.id);
    expect((await asAdmin.get(lib(`/${retired.id}`))).statusCode).toBe(404);
    expect((await asAdmin.get(lib(`/${scheduled.id}`))).statusCode).toBe(404);
    t.clock.advance(DAY);
    seen = await ids();
    expect(seen).toContain(scheduled.id);
    expect(seen).not.toContain(draft.id);
    t.clock.advance(-DAY);
    asAdmin = await t.signIn(admin.username, admin.password);
  });
});
