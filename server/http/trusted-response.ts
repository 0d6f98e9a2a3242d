import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import type { Config } from '../config';

/**
 * A list answered as JSON text built here, which Fastify sends as it is (a string with a JSON
 * content type is not serialized again): the response schema still documents the route, but in
 * production the body is not checked against it once more. For the lists of issue 11 part 3, whose
 * bodies are built field by field by typed presenters, that check cost more than the rest of the
 * request's JavaScript (10 library items: about 4x JSON.stringify; the manage tree's first levels,
 * 1,100 nodes: 2 ms, docs/adr/0014-list-plans.md).
 *
 * Outside production the body is checked as before, and more strictly: it must already be exactly
 * what the schema would send (nothing stripped, nothing converted), so the tests of these routes
 * fail the day a presenter adds a field the schema does not carry.
 */
export function trustedJson<S extends z.ZodType>(
  config: Pick<Config, 'nodeEnv'>,
  reply: FastifyReply,
  schema: S,
  body: z.output<S>,
): string {
  const text = JSON.stringify(body);
  if (config.nodeEnv !== 'production') {
    const checked = safeEncode(schema, body);
    if (checked.error) throw checked.error;
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(checked.data)) as unknown, JSON.parse(text) as unknown)) {
      throw new Error('The response differs from what its schema sends: the presenter and the schema disagree.');
    }
  }
  reply.type('application/json; charset=utf-8');
  return text;
}
