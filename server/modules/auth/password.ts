import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum.
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash verified when the user does not exist, so timing does not reveal which usernames exist. */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('tenet-dummy-password-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
