import type { AcceptedExtension } from './file-types';
import type { UserTemplateResult } from '../../workers/parsers/user-sheet-template';
import type { UserSheetResult } from '../../workers/parsers/user-sheet';
import type { SamlMetadataResult } from '../../workers/parsers/saml-metadata';
import type { ParserLimits } from './parser-limits';

/**
 * What the request thread asks of the parser workers and what comes back. Plain data only: it
 * crosses a thread boundary by structured clone.
 */
export type ParserJob =
  | { kind: 'inspect'; bytes: Uint8Array; limits: ParserLimits }
  | { kind: 'docx-html'; bytes: Uint8Array; limits: ParserLimits }
  | { kind: 'diff'; from: string; to: string; limits: ParserLimits }
  | { kind: 'user-sheet'; bytes: Uint8Array; limits: ParserLimits }
  | { kind: 'user-template'; header: string[]; examples: string[][]; limits: ParserLimits }
  | { kind: 'saml-metadata'; xml: string; limits: ParserLimits };

/** Why a worker refused a file by its own checks (the pool adds 'timeout', 'memory' and 'busy'). */
export type ParserRefusal =
  | 'zip-too-many-entries'
  | 'zip-entry-too-large'
  | 'zip-too-large'
  | 'zip-unreadable'
  | 'xml-too-deep'
  | 'not-accepted'
  | 'unreadable'
  | 'pdf-too-many-pages'
  | 'pdf-stream-too-large'
  | 'diff-too-long'
  | 'diff-too-different';

export type Refused = { ok: false; reason: ParserRefusal; extension?: AcceptedExtension };

export type InspectResult = { ok: true; extension: AcceptedExtension; text: string } | Refused;
export type HtmlResult = { ok: true; html: string } | Refused;
export interface DiffPart {
  value: string;
  added: boolean;
  removed: boolean;
}
export type DiffResult = { ok: true; parts: DiffPart[] } | Refused;

export type ParserResult =
  InspectResult | HtmlResult | DiffResult | UserSheetResult | UserTemplateResult | SamlMetadataResult;
