import type { KeyObject } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgIdpSettings } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { isSealed, openSecret, sealSecret, SEALED_MARK, SecretUnreadableError } from '../../platform/secret-box';
import { SECRET_FIELDS } from './idp-secrets';

/**
 * Rotation of the secrets key (docs/security.md): the secrets of org_idp_settings sealed with the
 * previous key (SECRETS_KEY_PREVIOUS) are opened with it and sealed again with the current key, at
 * start, once the migrations have run. Idempotent: a value that opens with the current key is left
 * as it is, so once every value is sealed again the step changes nothing; a value that opens with
 * neither key (copied from elsewhere, or sealed under a third key) is left too, and counted apart,
 * as staff will have to enter it again. Rows are locked while they are rewritten, so processes
 * starting together on one database do not rewrite one value twice.
 */
export interface ResealResult {
  /** Values opened with the previous key and sealed again with the current one. */
  resealed: number;
  /** Sealed values that open with neither key. */
  unreadable: number;
}

export async function resealIdpSecrets(db: Db, current: KeyObject, previous: KeyObject): Promise<ResealResult> {
  return withSystem(db, async (tx) => {
    const rows = await tx.select().from(orgIdpSettings).where(sealedSecretRows()).for('update');
    const result: ResealResult = { resealed: 0, unreadable: 0 };
    for (const row of rows) {
      const settings = { ...(row.settings as Record<string, unknown>) };
      let changed = false;
      for (const name of SECRET_FIELDS[row.provider] ?? []) {
        const value = settings[name];
        if (typeof value !== 'string' || !isSealed(value)) continue;
        const place = { orgId: row.orgId, field: `${row.provider}.${name}` };
        if (opens(current, value, place)) continue;
        const plain = openWith(previous, value, place);
        if (plain === null) {
          result.unreadable += 1;
          continue;
        }
        settings[name] = sealSecret(current, plain, place);
        result.resealed += 1;
        changed = true;
      }
      // updated_at is left alone: nobody changed the settings.
      if (changed) {
        await tx
          .update(orgIdpSettings)
          .set({ settings })
          .where(and(eq(orgIdpSettings.orgId, row.orgId), eq(orgIdpSettings.id, row.id)));
      }
    }
    return result;
  });
}

type Place = Parameters<typeof openSecret>[2];

function openWith(key: KeyObject, stored: string, place: Place): string | null {
  try {
    return openSecret(key, stored, place);
  } catch (error) {
    if (error instanceof SecretUnreadableError) return null;
    throw error;
  }
}

const opens = (key: KeyObject, stored: string, place: Place): boolean => openWith(key, stored, place) !== null;

/** Rows of a provider with secrets where one of them is sealed. */
function sealedSecretRows(): SQL | undefined {
  const sealedField = (name: string): SQL =>
    sql`left(${orgIdpSettings.settings} ->> ${name}::text, ${SEALED_MARK.length}::int) = ${SEALED_MARK}`;
  return or(
    ...Object.entries(SECRET_FIELDS).map(([provider, names]) =>
      and(eq(orgIdpSettings.provider, provider), or(...names.map(sealedField))),
    ),
  );
}
