import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  appendToPrologue,
  deferPrologue,
  dropPrologue,
  MAX_NAMED_STATEMENTS_PER_CONNECTION,
  nameStatementsOf,
  statementName,
} from './named-statements';
import { PrologueQuery } from './prologue-query';

/** A client that records what pg would have been asked to run. */
function recordingClient(): { client: pg.Client; sent: unknown[] } {
  const sent: unknown[] = [];
  const client = {
    query: (config: unknown) => {
      sent.push(config);
      // A query object (a statement carrying its prologue) is answered through its callback.
      if (config instanceof PrologueQuery) {
        (config as unknown as { callback: (error: null, result: unknown) => void }).callback(null, { rows: [] });
        return config;
      }
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.Client;
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

  it('sends a prologue with the next parameterised query only, as one query, and the next query alone', async () => {
    const { client, sent } = recordingClient();
    deferPrologue(client, ['begin', "select set_config('app.org_id', '7', true)"]);
    expect(appendToPrologue(client, 'set local plan_cache_mode = force_generic_plan')).toBe(true);
    await client.query({ text: 'select $1::int' }, [1]);
    await client.query({ text: 'select $1::int' }, [2]);
    expect(sent).toHaveLength(2);
    const first = sent[0] as PrologueQuery;
    expect(first).toBeInstanceOf(PrologueQuery);
    expect(first.prologue).toEqual([
      'begin',
      "select set_config('app.org_id', '7', true)",
      'set local plan_cache_mode = force_generic_plan',
    ]);
    expect(first.text).toBe('select $1::int');
    expect(sent[1]).toEqual({ text: 'select $1::int', name: statementName('select $1::int') });
    expect(appendToPrologue(client, 'set local x = 1')).toBe(false);
    expect(dropPrologue(client)).toBe(false);
  });

  it('sends a prologue in front of a query without parameters, in one message, and the query after it', async () => {
    const { client, sent } = recordingClient();
    deferPrologue(client, ['begin', "select set_config('app.org_id', '7', true)"]);
    await client.query('commit');
    expect(sent).toEqual(["begin;\nselect set_config('app.org_id', '7', true)", 'commit']);
  });

  it('never runs a query whose prologue failed: the query fails with its error', async () => {
    const sent: unknown[] = [];
    const client = {
      query: (config: unknown) => {
        sent.push(config);
        return typeof config === 'string' ? Promise.reject(new Error('no begin')) : Promise.resolve({ rows: [] });
      },
    } as unknown as pg.Client;
    nameStatementsOf(client);
    deferPrologue(client, ['begin', "select set_config('role', 'tenet_app', true)"]);
    await expect(client.query({ text: 'select 1' })).rejects.toThrow('no begin');
    expect(sent).toEqual(["begin;\nselect set_config('role', 'tenet_app', true)"]);
  });
});
