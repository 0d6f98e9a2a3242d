import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS_PER_CONNECTION, nameStatementsOf, statementName } from './named-statements';

/** A client that records what pg would have been asked to run. */
function recordingClient(): { client: pg.Client; sent: unknown[] } {
  const sent: unknown[] = [];
  const client = { query: (config: unknown) => sent.push(config) } as unknown as pg.Client;
  nameStatementsOf(client);
  return { client, sent };
}

describe('named statements', () => {
  it('names a parameterised statement after its text, the same name every time', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'select $1::int' }, [1]);
    await client.query({ text: 'select $1::int' }, [2]);
    expect(sent).toEqual([
      { text: 'select $1::int', name: statementName('select $1::int') },
      { text: 'select $1::int', name: statementName('select $1::int') },
    ]);
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::text'));
  });

  it('leaves statements without parameters (which may hold several commands) and named ones alone', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'create table a (id int); create table b (id int)' }, []);
    await client.query('begin');
    await client.query({ text: 'select $1::int', name: 'mine' }, [1]);
    expect(sent).toEqual([
      { text: 'create table a (id int); create table b (id int)' },
      'begin',
      { text: 'select $1::int', name: 'mine' },
    ]);
  });

  it('stops naming new texts once a connection holds its bound of them', async () => {
    const { client, sent } = recordingClient();
    for (let i = 0; i <= MAX_NAMED_STATEMENTS_PER_CONNECTION; i += 1) {
      await client.query({ text: `select $1::int + ${i}` }, [i]);
    }
    await client.query({ text: 'select $1::int + 0' }, [0]);
    const names = sent.map((c) => (c as { name?: string }).name);
    expect(names.filter(Boolean)).toHaveLength(MAX_NAMED_STATEMENTS_PER_CONNECTION + 1);
    expect(names[MAX_NAMED_STATEMENTS_PER_CONNECTION]).toBeUndefined();
    expect(names.at(-1)).toBe(statementName('select $1::int + 0'));
  });
});
