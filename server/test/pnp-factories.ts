import { deflateRawSync } from 'node:zlib';
import { orgTemplates, templateSources, templates } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { renderDocx, renderPdf } from '../seed/documents';
import type { Deps } from '../http/deps';
import type { Agent, TestApp } from './harness';
import { createContainer, createGroup, createOrg, createUser, grant, type TestOrg, type TestUser } from './factories';

/** Real documents for upload tests: a DOCX (docx) and a PDF (pdf-lib) holding the given paragraphs. */
export const docxOf = (title: string, paragraphs: string[]): Promise<Buffer> =>
  renderDocx({ title, sections: [{ heading: 'Policy', paragraphs }] });
export const pdfOf = (title: string, paragraphs: string[]): Promise<Buffer> =>
  renderPdf({ title, sections: [{ heading: 'Policy', paragraphs }] });

export interface FilePart {
  field?: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser sends it: text fields, then files. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[],
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----tenet${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts a multipart form with the agent (CSRF and session as usual). */
export function postForm(agent: Agent, url: string, fields: Record<string, string>, files: FilePart[]) {
  const { body, headers } = multipart(fields, files);
  return agent.post(url, body, headers);
}

export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** 8 (the default) deflates `data`; any other method number stores it as it is (unsupported). */
  method?: number;
  /** General-purpose flags; bit 0 says the entry is encrypted. */
  flags?: number;
  /** Inflated size written in the headers (a liar's zip says less than it holds). */
  declaredSize?: number;
  /** Pre-deflated bytes and their real inflated size, for entries too large to build in memory. */
  deflated?: { bytes: Buffer; size: number; crc: number };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Buffer, start = 0xffffffff): number {
  let c = start;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return c >>> 0;
}

/**
 * A minimal zip writer of our own, so that headers, methods and flags can lie on purpose: enough to
 * build DOCX- and XLSX-shaped zip bombs and broken zips in tests.
 */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 8;
    const flags = entry.flags ?? 0;
    const compressed = entry.deflated?.bytes ?? (method === 8 ? deflateRawSync(data) : data);
    const size = entry.declaredSize ?? entry.deflated?.size ?? data.length;
    const crc = entry.deflated?.crc ?? (crc32(data) ^ 0xffffffff) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/**
 * A DOCX-shaped zip whose entries inflate to `totalBytes` of zeros (the classic bomb); with
 * `declaredSize` its headers lie and claim each entry is that small.
 */
export function docxZipBomb(totalBytes: number, declaredSize?: number): Buffer {
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  const parts = Math.ceil(totalBytes / chunk.length);
  const entries: ZipEntry[] = [{ name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) }];
  const compressed = deflateRawSync(chunk, { level: 9 });
  const crc = (crc32(chunk) ^ 0xffffffff) >>> 0;
  for (let i = 0; i < parts; i += 1) {
    entries.push({
      name: `word/media/pad${i}.bin`,
      deflated: { bytes: compressed, size: chunk.length, crc },
      ...(declaredSize !== undefined ? { declaredSize } : {}),
    });
  }
  return buildZip(entries);
}

/** A DOCX-shaped zip with more entries than anyone opens. */
export function docxManyEntries(count: number): Buffer {
  const entries: ZipEntry[] = [{ name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) }];
  for (let i = 0; i < count; i += 1) entries.push({ name: `word/p${i}.xml`, data: Buffer.from('<w/>') });
  return buildZip(entries);
}

/** A Windows executable's first bytes (MZ header, PE signature): what a renamed .exe looks like. */
export function fakeExecutable(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** An organisation with one person in every role of a binder (product-rules 'Who is who'). */
export interface WorkflowOrg {
  org: TestOrg;
  binder: { id: number; name: string };
  folder: { id: number; name: string };
  admin: TestUser;
  policyOwner: TestUser;
  binderOwner: TestUser;
  author: TestUser;
  reviewer: TestUser;
  approver1: TestUser;
  approver2: TestUser;
  reader: TestUser;
  outsider: TestUser;
}

export async function createWorkflowOrg(
  deps: Deps,
  options: { reviewers?: boolean; steps?: number[] } = {},
): Promise<WorkflowOrg> {
  const org = await createOrg(deps);
  const admin = await createUser(deps, org.id, { isAdmin: true, firstName: 'Olive', lastName: 'Admin' });
  const policyOwner = await createUser(deps, org.id, { isPolicyOwner: true, firstName: 'Pat', lastName: 'Policy' });
  const binderOwner = await createUser(deps, org.id, { firstName: 'Bo', lastName: 'Binder' });
  const author = await createUser(deps, org.id, { firstName: 'Ann', lastName: 'Author' });
  const reviewer = await createUser(deps, org.id, { firstName: 'Rae', lastName: 'Reviewer' });
  const approver1 = await createUser(deps, org.id, { firstName: 'Al', lastName: 'First' });
  const approver2 = await createUser(deps, org.id, { firstName: 'Bea', lastName: 'Second' });
  const reader = await createUser(deps, org.id, { firstName: 'Rob', lastName: 'Reader' });
  const outsider = await createUser(deps, org.id, { firstName: 'Oz', lastName: 'Outsider' });
  const readers = await createGroup(deps, org.id, [reader.id]);
  const binder = await createContainer(deps, org.id);
  const folder = await createContainer(deps, org.id, { parentId: binder.id });
  const target = { containerId: binder.id };
  await grant(deps, org.id, target, { userId: binderOwner.id }, 1);
  await grant(deps, org.id, target, { userId: author.id }, 2);
  await grant(deps, org.id, target, { userId: policyOwner.id }, 2);
  if (options.reviewers !== false) await grant(deps, org.id, target, { userId: reviewer.id }, 3);
  const steps = options.steps ?? [1, 2];
  if (steps.includes(1)) await grant(deps, org.id, target, { userId: approver1.id }, 4, 1);
  if (steps.includes(2)) await grant(deps, org.id, target, { userId: approver2.id }, 4, 2);
  await grant(deps, org.id, target, { groupId: readers.id }, 5);
  return {
    org,
    binder,
    folder,
    admin,
    policyOwner,
    binderOwner,
    author,
    reviewer,
    approver1,
    approver2,
    reader,
    outsider,
  };
}

/** Creates a P&P from a real DOCX through the API and returns the response body. */
export async function createPnpFromDocx(
  agent: Agent,
  orgId: number,
  containerId: number,
  name: string,
  paragraphs: string[] = ['Staff wash their hands before and after every patient contact.'],
) {
  const bytes = await docxOf(name, paragraphs);
  const res = await postForm(
    agent,
    `/api/o/${orgId}/pnps`,
    { pnp: JSON.stringify({ name, container_id: containerId }), document: '{}' },
    [{ name: `${name}.docx`, bytes }],
  );
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<{ pnp: { id: number }; pnp_document: { id: number } }>();
}

/** The sign-ins of a workflow org's people. */
export async function signInAll(t: TestApp, w: WorkflowOrg) {
  const as = (u: TestUser) => t.signIn(u.username, u.password);
  return {
    admin: await as(w.admin),
    policyOwner: await as(w.policyOwner),
    binderOwner: await as(w.binderOwner),
    author: await as(w.author),
    reviewer: await as(w.reviewer),
    approver1: await as(w.approver1),
    approver2: await as(w.approver2),
    reader: await as(w.reader),
    outsider: await as(w.outsider),
  };
}

/** A provider template (a real DOCX in the file store), made available to an organisation. */
export async function createTemplate(deps: Deps, orgId: number | null, name = 'Informed Consent Template') {
  const bytes = await docxOf(name, ['Describe how the organization obtains informed consent.']);
  const key = await deps.files.put(bytes, 'docx');
  return withSystem(deps.database.db, async (tx) => {
    const [source] = await tx
      .insert(templateSources)
      .values({ name: `Source ${Math.random().toString(16).slice(2, 8)}` })
      .returning();
    const [row] = await tx
      .insert(templates)
      .values({
        name,
        description: 'A starting point.',
        sourceId: source!.id,
        storageKey: key,
        originalName: `${name}.docx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        sizeBytes: bytes.length,
        extractedText: `${name}\nDescribe how the organization obtains informed consent.`,
      })
      .returning();
    if (orgId !== null) await tx.insert(orgTemplates).values({ orgId, templateId: row!.id });
    return { id: row!.id, name, key };
  });
}
