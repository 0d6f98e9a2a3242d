import { createHash, randomBytes } from 'node:crypto';
import { orgTemplates, pnpDocuments, pnps, storedFiles, templateSources, templates } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import { utcDate } from '../platform/clock';
import { renderDocx, renderPdf } from '../seed/documents';
import { eq } from 'drizzle-orm';

/** Published P&Ps (and templates) with real files and extracted text, for the library's tests. */

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

export interface PnpOptions {
  name?: string;
  description?: string | null;
  /** The document's body text (extracted_text, and the file's content). */
  text?: string;
  format?: 'docx' | 'pdf';
  status?: 1 | 2 | 3;
  /** Status of the one version: Active 2 by default, Draft 1 for a never-published P&P. */
  versionStatus?: 1 | 2 | 3;
  effectiveDt?: string | null;
  reviewDt?: string | null;
  reminderDt?: string | null;
  publishedAt?: Date | null;
  inheritsAccess?: boolean;
  templateId?: number | null;
}

export interface TestPnp {
  id: number;
  name: string;
  versionId: number;
  fileId: number;
}

export async function createPublishedPnp(
  deps: Deps,
  orgId: number,
  containerId: number,
  options: PnpOptions = {},
): Promise<TestPnp> {
  const name = options.name ?? `Policy ${randomBytes(3).toString('hex')}`;
  const text = options.text ?? `${name} applies to all staff.`;
  const format = options.format ?? 'docx';
  const policy = { title: name, sections: [{ heading: 'Policy', paragraphs: [text] }] };
  const bytes = format === 'docx' ? await renderDocx(policy) : await renderPdf(policy);
  const key = await deps.files.put(bytes, format);
  const now = deps.clock.now();
  return withSystem(deps.database.db, async (tx) => {
    const [file] = await tx
      .insert(storedFiles)
      .values({
        orgId,
        storageKey: key,
        originalName: `${name}.${format}`,
        mimeType: MIME[format],
        extension: format,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        extractedText: `${name}\n${text}`,
      })
      .returning();
    const [pnp] = await tx
      .insert(pnps)
      .values({
        orgId,
        containerId,
        name,
        description: options.description === undefined ? `About ${name}` : options.description,
        status: options.status ?? 2,
        inheritsAccess: options.inheritsAccess ?? true,
        templateId: options.templateId ?? null,
      })
      .returning();
    const published = (options.versionStatus ?? 2) !== 1;
    const [doc] = await tx
      .insert(pnpDocuments)
      .values({
        orgId,
        pnpId: pnp!.id,
        versionNumber: published ? 1 : null,
        status: options.versionStatus ?? 2,
        draftStage: published ? null : 2,
        fileId: file!.id,
        effectiveDt: options.effectiveDt === undefined ? (published ? utcDate(now) : null) : options.effectiveDt,
        reviewDt: options.reviewDt ?? null,
        reminderDt: options.reminderDt ?? null,
        publishedAt: options.publishedAt === undefined ? (published ? now : null) : options.publishedAt,
      })
      .returning();
    return { id: pnp!.id, name, versionId: doc!.id, fileId: file!.id };
  });
}

/** A global template (with a real DOCX) given to the listed organisations. */
export async function createTemplate(
  deps: Deps,
  orgIds: number[],
  options: {
    name?: string;
    description?: string;
    text?: string;
    source?: 'HealthStream Library' | 'Joint Commission';
  } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `Template ${randomBytes(3).toString('hex')}`;
  const text = options.text ?? `Describe the ${name} policy.`;
  const bytes = await renderDocx({ title: name, sections: [{ heading: 'Purpose', paragraphs: [text] }] });
  const key = await deps.files.put(bytes, 'docx');
  const sourceName = options.source ?? 'HealthStream Library';
  return withSystem(deps.database.db, async (tx) => {
    let [source] = await tx.select().from(templateSources).where(eq(templateSources.name, sourceName));
    if (!source) [source] = await tx.insert(templateSources).values({ name: sourceName }).returning();
    const [row] = await tx
      .insert(templates)
      .values({
        name,
        description: options.description ?? `A template for ${name}.`,
        sourceId: source!.id,
        storageKey: key,
        originalName: `${name}.docx`,
        mimeType: MIME.docx,
        sizeBytes: bytes.length,
        extractedText: `${name}\n${text}`,
      })
      .returning();
    for (const orgId of orgIds) await tx.insert(orgTemplates).values({ orgId, templateId: row!.id });
    return { id: row!.id, name };
  });
}
