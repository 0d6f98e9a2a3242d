import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { CreateContainerBody } from '../api/containers';
import { CreatePnpBody } from '../api/pnps';
import { ReadAckInput } from '../api/read-acks';
import { UserGroupInput } from '../api/user-groups';
import { noAngleBrackets } from './validation-messages';

/** The sentences a schema gives for a value, whatever else it also refuses. */
const refusals = (schema: ZodType, value: unknown): string[] => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('one sentence for the angle-bracket rule (spec §5 name and generic)', () => {
  it('is the same for binders and folders, P&Ps, read acknowledgements and groups', () => {
    const name = 'Hand <b>Hygiene</b>';
    const description = 'See <script>';
    const bodies: Array<[string, ZodType, unknown]> = [
      ['binder', CreateContainerBody, { item: { item_type: 1, name, description } }],
      ['P&P', CreatePnpBody, { pnp: { name, description, container_id: 1 } }],
      ['read acknowledgement', ReadAckInput, { name, description, due_date: '2030-01-01', user_ids: [1] }],
      ['group', UserGroupInput, { name, description }],
    ];
    for (const [what, schema, body] of bodies) {
      expect(refusals(schema, body), what).toEqual([
        'Name must not contain < or >.',
        'Description must not contain < or >.',
      ]);
    }
  });

  it('names the field it is about', () => {
    expect(noAngleBrackets('Title')).toBe('Title must not contain < or >.');
  });
});
