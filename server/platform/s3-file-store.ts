import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { isStorageKey, missingFile, newStorageKey, type FileStore } from './file-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph, ...); unset for AWS itself. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

const isMissing = (error: unknown): boolean =>
  error instanceof NoSuchKey || (error as { name?: string } | null)?.name === 'NoSuchKey';

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
    let result;
    try {
      result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
    } catch (error) {
      throw isMissing(error) ? missingFile() : error;
    }
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
      for await (const chunk of await read(key))
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream: read,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key && isStorageKey(item.Key)) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
