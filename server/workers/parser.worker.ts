import type { InspectResult, HtmlResult, ParserJob, ParserResult } from '../modules/files/parser-jobs';
import type { ParserLimits } from '../modules/files/parser-limits';
import { detectType, isZip } from './parsers/detect';
import { docxToHtml } from './parsers/docx-html';
import { lineDiff } from './parsers/line-diff';
import { extractText, ParserRefusalError } from './parsers/text-extraction';
import { readSamlMetadata } from './parsers/saml-metadata';
import { writeUserTemplate } from './parsers/user-sheet-template';
import { readUserSheet } from './parsers/user-sheet';
import { checkZip } from './parsers/zip-guard';

/**
 * The parser worker (issue 9): every reading of an uploaded file happens here, in a thread of the
 * pool in server/modules/files/parser-pool.ts, under its heap and time limits. Zip bounds come
 * before type detection, type detection before any parser.
 */
async function inspect(bytes: Buffer, limits: ParserLimits): Promise<InspectResult> {
  if (isZip(bytes)) {
    const verdict = await checkZip(bytes, limits);
    if (!verdict.ok) return { ok: false, reason: verdict.reason };
  }
  const extension = await detectType(bytes);
  if (!extension) return { ok: false, reason: 'not-accepted' };
  try {
    return { ok: true, extension, text: await extractText(bytes, extension, limits) };
  } catch (error) {
    if (error instanceof ParserRefusalError) return { ok: false, reason: error.reason, extension };
    throw error;
  }
}

async function docxHtml(bytes: Buffer, limits: ParserLimits): Promise<HtmlResult> {
  const verdict = await checkZip(bytes, limits);
  if (!verdict.ok) return { ok: false, reason: verdict.reason };
  try {
    return { ok: true, html: await docxToHtml(bytes) };
  } catch {
    return { ok: false, reason: 'unreadable', extension: 'docx' };
  }
}

export default async function runParserJob(job: ParserJob): Promise<ParserResult> {
  switch (job.kind) {
    case 'inspect':
      return inspect(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.limits);
    case 'docx-html':
      return docxHtml(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.limits);
    case 'diff':
      return lineDiff(job.from, job.to, job.limits);
    case 'user-sheet':
      return readUserSheet(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.limits);
    case 'user-template':
      return writeUserTemplate(job);
    case 'saml-metadata':
      return readSamlMetadata(job.xml);
  }
}
