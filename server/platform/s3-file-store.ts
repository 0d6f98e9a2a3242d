import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { newStorageKey, type FileStore } from './file-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph, ...); unset for AWS itself. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** Files in S3-compatible storage, so application servers keep no state of their own. */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const read = async (key: string): Promise<Readable> => {
    const result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
    if (!(result.Body instanceof Readable)) throw new Error(`No body for ${key}`);
    return result.Body;
  };
  return {
    async put(bytes, extension) {
      const key = newStorageKey(extension);
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, IfNoneMatch: '*' }));
      return key;
    },
    async get(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await read(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream: read,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
}
