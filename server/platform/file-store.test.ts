import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { localFileStore, type FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tenet-store-'));
let s3server: S3rver;
let s3: FileStore;

beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'tenet-test', configs: [] }],
  });
  const address = await s3server.run();
  s3 = s3FileStore({
    bucket: 'tenet-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
});
afterAll(async () => {
  await s3server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['local directory', () => localFileStore(path.join(dir, 'local'))],
  ['S3-compatible storage', () => s3],
])('file store: %s', (_name, store) => {
  it('stores bytes under a generated key and gives them back', async () => {
    const bytes = Buffer.from('%PDF-1.7 policy bytes');
    const key = await store().put(bytes, 'pdf');
    expect(key).toMatch(/^[a-f0-9]{2}\/[a-f0-9-]{36}\.pdf$/);
    expect(await store().get(key)).toEqual(bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of await store().stream(key)) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks)).toEqual(bytes);
    await store().remove(key);
    await expect(store().get(key)).rejects.toThrow();
  });

  it('lists its keys with when they were written', async () => {
    const before = Date.now() - 2_000;
    const key = await store().put(Buffer.from('listed'), 'txt');
    const listed: Array<{ key: string; modifiedAt: Date }> = [];
    for await (const item of store().list()) listed.push(item);
    const mine = listed.find((item) => item.key === key);
    expect(mine).toBeDefined();
    expect(mine!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(mine!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
    await store().remove(key);
  });

  it('answers a key with no bytes with a 404, before any byte is sent', async () => {
    const key = await store().put(Buffer.from('short-lived'), 'txt');
    await store().remove(key);
    for (const read of [() => store().get(key), () => store().stream(key)]) {
      const error: unknown = await read().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(404);
    }
  });

  it('never takes a path from outside (keys are ours)', async () => {
    const key = await store().put(Buffer.from('x'), '../../etc/passwd');
    expect(key).not.toContain('..');
    expect(key).not.toContain('/etc');
  });
});

it('refuses a key that could escape the directory', async () => {
  await expect(localFileStore(dir).get('../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
});
