import { AppError, unprocessable } from '../../http/errors';
import { ACCEPTED_FILE_TYPES, ACCEPTED_LABELS } from './file-types';
import type { Refused } from './parser-jobs';
import { DEFAULT_PARSER_LIMITS } from './parser-limits';
import { ParserJobStopped, parserPool } from './parser-pool';

const MB = 1024 * 1024;
export const megabytes = (bytes: number): string => (bytes % MB === 0 ? String(bytes / MB) : (bytes / MB).toFixed(1));
const count = (n: number): string => n.toLocaleString('en-US');

/** 503: every parser thread is busy and the queue is full; the request may simply be tried again. */
export const parsersBusy = (): AppError =>
  new AppError(503, ['The server is busy reading other files. Please try again in a minute.']);

/**
 * The sentence for a file a parser check refused, naming the file (`subject`: 'The file Policy.docx')
 * and what was too large or too complex.
 */
export function refusalMessage(subject: string, refused: Refused): string {
  const limits = parserPool().settings.parser ?? DEFAULT_PARSER_LIMITS;
  switch (refused.reason) {
    case 'zip-too-many-entries':
      return `${subject} holds too many parts to be opened safely.`;
    case 'zip-entry-too-large':
      return `${subject} holds a part that expands to more than ${megabytes(limits.zipMaxEntryBytes)} MB when opened and was refused.`;
    case 'zip-too-large':
      return `${subject} expands to more than ${megabytes(limits.zipMaxTotalBytes)} MB when opened and was refused.`;
    case 'zip-unreadable':
      return `${subject} is damaged and could not be opened.`;
    case 'xml-too-deep':
      return `${subject} is nested more than ${count(limits.xmlMaxDepth)} levels deep and is too complex to be read safely.`;
    case 'not-accepted':
      return `${subject} is not an accepted type. Accepted types: ${ACCEPTED_LABELS}.`;
    case 'unreadable':
      return `${subject} could not be read as a ${ACCEPTED_FILE_TYPES[refused.extension ?? 'docx'].label} document.`;
    case 'pdf-too-many-pages':
      return `${subject} has more than ${count(limits.pdfMaxPages)} pages, more than can be read safely.`;
    case 'pdf-stream-too-large':
      return `${subject} holds a part that expands to more than ${megabytes(limits.pdfMaxStreamBytes)} MB when read and was refused.`;
    case 'diff-too-long':
      return `These versions have more than ${count(limits.diffMaxLines)} lines and are too long to compare line by line.`;
    case 'diff-too-different':
      return `These versions differ in more than ${count(limits.diffMaxEditLength)} lines and are too different to compare line by line. Open each version to read it.`;
  }
}

/** What the user reads when the pool stops a job: past its clock, or past its heap. */
export interface StopSentences {
  timeout: string;
  memory: string;
}

/** The stop sentences for reading a file (`subject` is e.g. 'The file Policy.docx'). */
export const fileStopSentences = (subject: string): StopSentences => ({
  timeout: `${subject} took too long to read and was refused.`,
  memory: `${subject} is too complex to be read safely.`,
});

export const COMPARE_STOP_SENTENCES: StopSentences = {
  timeout: 'These versions took too long to compare. Open each version to read it.',
  memory: 'These versions are too large to compare safely. Open each version to read it.',
};

/** Runs a parser job; a job the pool stopped becomes the request's 422 (or 503 when the queue is full). */
export async function inWorker<T>(sentences: StopSentences, job: () => Promise<T>): Promise<T> {
  try {
    return await job();
  } catch (error) {
    if (!(error instanceof ParserJobStopped)) throw error;
    if (error.failure === 'busy') throw parsersBusy();
    throw unprocessable(error.failure === 'timeout' ? sentences.timeout : sentences.memory);
  }
}
