import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unprocessable } from '../../http/errors';
import { describeIssues } from '../../http/validation-messages';
import { intakeOf } from '../files/upload-intake';

/** Validates input that did not go through a route schema (multipart fields) with the same sentences. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw unprocessable(...describeIssues(result.error.issues, 'body'));
  return result.data;
}

function jsonField(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw unprocessable(`The ${name} field must be valid JSON.`);
  }
}

/**
 * The body of a route that takes either multipart (JSON-valued fields beside the file) or plain
 * JSON: `{pnp, document}` arrives as two form fields holding JSON, or as one JSON body.
 */
export function formOrJsonBody(
  req: FastifyRequest,
  jsonFields: readonly string[],
  plainFields: readonly string[] = [],
): unknown {
  if (!req.isMultipart()) return req.body;
  return formFieldsBody(intakeOf(req).fields, jsonFields, plainFields);
}

/** Multipart text fields as the body object a JSON request would have sent (JSON-valued fields parsed). */
export function formFieldsBody(
  fields: Record<string, string>,
  jsonFields: readonly string[],
  plainFields: readonly string[] = [],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of jsonFields) {
    const value = jsonField(fields[name], name);
    if (value !== undefined) body[name] = value;
  }
  for (const name of plainFields) if (fields[name] !== undefined && fields[name] !== '') body[name] = fields[name];
  const known = new Set([...jsonFields, ...plainFields]);
  const unknown = Object.keys(fields).filter((k) => !known.has(k));
  if (unknown.length > 0) throw unprocessable(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  return body;
}
