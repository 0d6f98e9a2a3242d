import type { TestInfo } from '@playwright/test';
import type { Candidate, CandidateList, ParticipantKey, Participants } from '../../shared/api/access';
import type { ContainerItemResponse, ContainerTree, ContainerTreeItem } from '../../shared/api/containers';
import type { CreatePnpResponse } from '../../shared/api/pnps';
import { TenetApi } from './api';
import { policyFile, type DocumentFormat } from './documents';
import { DemoUsers, type DemoUser } from './users';

/** A binder or folder a test made. */
export interface MadeContainer {
  readonly id: number;
  readonly name: string;
}

/** A P&P a test made, with its first version. */
export interface MadePnp {
  readonly id: number;
  readonly name: string;
  readonly documentId: number;
}

/** Who takes part in a binder or folder: users by demo sign-in, groups by the candidate found. */
export type ParticipantChoice = Partial<Record<ParticipantKey, ReadonlyArray<DemoUser | Candidate>>>;

export interface PnpSpec {
  readonly containerId: number;
  readonly name: string;
  /** The document's paragraphs (the file is generated; its name is the P&P's name). */
  readonly paragraphs?: readonly string[];
  readonly format?: DocumentFormat;
  /**
   * Submit and publish the first draft as the org admin, who must then be an owner or author of
   * the container, and the container must have no reviewers or approvers (those stages are skipped).
   */
  readonly publish?: boolean;
  /** Published with these dates (yyyy-mm-dd) instead of yesterday and a year's review cycle. */
  readonly dates?: { readonly effective: string; readonly review: string; readonly reminder: string };
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
/** Letters only, so that a name's suffix is also a word the search and the tree filter can find. */
const randomWord = (length: number): string =>
  Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');

const isUser = (who: DemoUser | Candidate): who is DemoUser => 'login' in who;

/** Yesterday as yyyy-mm-dd: an effective date already reached in every time zone of the server. */
const yesterday = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * The data one test makes through the API, as the org admin in a request context of its own:
 * binders, folders, P&Ps with generated files, participants. Every name carries the test's own
 * word, so neither the order of the tests nor a second worker matters. Binders go first in the tree
 * (position 0), where the screens show them without scrolling. `cleanUp` deletes them afterwards
 * or, when published P&Ps keep a binder (they cannot be deleted), leaves only the admin in it so
 * no other user sees it again.
 */
export class TestData {
  private readonly binders: number[] = [];
  private readonly users = new Map<string, number>();

  private constructor(
    readonly api: TenetApi,
    readonly orgId: number,
    /** This test's own word: a unique suffix of every name it makes. */
    readonly word: string,
  ) {}

  static async create(baseURL: string, testInfo: TestInfo): Promise<TestData> {
    const api = await TenetApi.signedIn(baseURL, DemoUsers.admin);
    const orgId = (await api.session()).org?.id;
    if (!orgId) throw new Error('The org admin has no organisation.');
    return new TestData(api, orgId, `${randomWord(5)}${letters[testInfo.repeatEachIndex % 26]}`);
  }

  /** `${prefix} ${word}`: unique to this test. */
  name(prefix: string): string {
    return `${prefix} ${this.word}`;
  }

  o(path: string): string {
    return `o/${this.orgId}/${path}`;
  }

  async candidates(q?: string): Promise<Candidate[]> {
    const query = q ? `q=${encodeURIComponent(q)}&limit=50` : 'limit=500';
    return (await this.api.get<CandidateList>(this.o(`access/candidates?${query}`))).candidates;
  }

  async userId(user: DemoUser): Promise<number> {
    const known = this.users.get(user.login);
    if (known) return known;
    const found = (await this.candidates(user.name)).find((c) => c.type === 'User' && c.name === user.name);
    if (!found) throw new Error(`No user named ${user.name}`);
    this.users.set(user.login, found.id);
    return found.id;
  }

  /** Groups of the organisation (whatever the demo data names them), at least `count` of them. */
  async groups(count: number): Promise<Candidate[]> {
    const groups = (await this.candidates()).filter((c) => c.type === 'Group');
    if (groups.length < count) throw new Error(`The organisation has ${groups.length} groups, not ${count}.`);
    return groups.slice(0, count);
  }

  async tree(): Promise<ContainerTreeItem[]> {
    return (await this.api.get<ContainerTree>(this.o('containers?bypass_val=true'))).items;
  }

  async binder(prefix: string, participants?: ParticipantChoice): Promise<MadeContainer> {
    const name = this.name(prefix);
    const { item } = await this.api.post<ContainerItemResponse>(this.o('containers'), {
      item: { item_type: 1, name, position: 0 },
    });
    this.binders.push(item.id);
    if (participants) await this.setParticipants(1, item.id, participants);
    return { id: item.id, name };
  }

  async folder(parentId: number, prefix: string, participants?: ParticipantChoice): Promise<MadeContainer> {
    const name = this.name(prefix);
    const { item } = await this.api.post<ContainerItemResponse>(this.o('containers'), {
      item: { item_type: 2, name, parent_id: parentId },
    });
    if (participants) await this.setParticipants(2, item.id, participants);
    return { id: item.id, name };
  }

  /** A binder the test made through the screens: cleaned up with the others. */
  adopt(binderId: number): void {
    this.binders.push(binderId);
  }

  /** The node's own participants (it stops inheriting). */
  async setParticipants(objectType: 1 | 2 | 3, id: number, choice: ParticipantChoice): Promise<void> {
    const participants: Partial<Record<ParticipantKey, Array<{ type: 'User' | 'Group'; id: number }>>> = {};
    for (const [key, list] of Object.entries(choice) as Array<[ParticipantKey, Array<DemoUser | Candidate>]>) {
      participants[key] = await Promise.all(
        list.map(async (who) =>
          isUser(who) ? { type: 'User' as const, id: await this.userId(who) } : { type: who.type, id: who.id },
        ),
      );
    }
    await this.api.send('PUT', this.o(`access/${id}`), {
      object_type: objectType,
      participants,
      participants_version: await this.participantsVersion(objectType, id),
    });
  }

  /**
   * The node's participants_version as the org admin reads it now: a change sends it back, and is
   * refused (409) if the participants changed since.
   */
  async participantsVersion(objectType: 1 | 2 | 3, id: number): Promise<string> {
    const path = this.o(`access/fetch_participants?object_type=${objectType}&object_id=${id}`);
    return (await this.api.get<Participants>(path)).participants_version;
  }

  /** A P&P with a generated file in a container, inheriting its participants; published if asked. */
  async pnp(spec: PnpSpec): Promise<MadePnp> {
    const paragraphs = spec.paragraphs ?? [`${spec.name} applies to every unit.`];
    const created = await this.api.postMultipart<CreatePnpResponse>(this.o('pnps'), {
      pnp: JSON.stringify({ name: spec.name, container_id: spec.containerId }),
      document: JSON.stringify({}),
      file: await policyFile(spec.name, paragraphs, spec.format),
    });
    const made = { id: created.pnp.id, name: spec.name, documentId: created.pnp_document.id };
    if (spec.publish) {
      const workflow = this.o(`pnp_documents/${made.documentId}/workflow?pnp_id=${made.id}`);
      await this.api.post(workflow, { action: 'submit' });
      await this.api.post(workflow, {
        action: 'publish',
        effective_dt: spec.dates?.effective ?? yesterday(),
        review_cycle_years: 1,
        reminder_days: 30,
        ...(spec.dates ? { review_dt: spec.dates.review, reminder_dt: spec.dates.reminder } : {}),
      });
    }
    return made;
  }

  /**
   * A draft the org admin, the binder's only Owner, has submitted, so that it waits in Publishing
   * with the admin holding its Publish task; originated on `originationDt` (its review cycle chosen),
   * the earliest effective date its next steps accept.
   */
  async draftAwaitingPublication(prefix: string, name: string, originationDt: string): Promise<MadePnp> {
    const binder = await this.binder(prefix, { owners: [DemoUsers.admin] });
    const pnp = await this.pnp({ containerId: binder.id, name: this.name(name) });
    await this.api.send('PUT', this.o(`pnp_documents/${pnp.documentId}`), {
      pnp_id: pnp.id,
      document: { origination_dt: originationDt, review_cycle_years: 1, reminder_days: 30 },
    });
    await this.api.post(this.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
    return pnp;
  }

  /** Removes what the test made, or hides what cannot be removed (see the class comment). */
  async cleanUp(): Promise<void> {
    const admin = await this.userId(DemoUsers.admin);
    for (const id of this.binders.reverse()) {
      const gone = await this.api
        .delete(this.o(`containers/${id}?confirm=true`))
        .then(() => true)
        .catch(() => false);
      if (gone) continue;
      // Still there (published P&Ps keep it): only the admin may see it from now on. A binder the
      // test deleted itself answers 404 to every call.
      await this.participantsVersion(1, id)
        .then((participants_version) =>
          this.api.send('PUT', this.o(`access/${id}`), {
            object_type: 1,
            participants: { owners: [{ type: 'User', id: admin }] },
            participants_version,
          }),
        )
        .catch((error: unknown) => {
          if (!String(error).includes(' 404 ')) throw error;
        });
    }
    await this.api.dispose();
  }
}
