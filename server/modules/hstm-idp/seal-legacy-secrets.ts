import type { KeyObject } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgIdpSettings } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { SEALED_MARK } from '../../platform/secret-box';
import { SECRET_FIELDS, sealIdpSecret } from './idp-secrets';

/**
 * Seals the secrets of org_idp_settings still stored in plain text (saved before secrets were
 * encrypted at rest). A migration cannot do it, having no key: this runs at every start, once the
 * migrations have run. Idempotent: a sealed value is left as it is, so once everything is sealed
 * it selects no row. Rows are locked while they are rewritten, so processes starting together on
 * one database do not seal one value twice. Returns the number of fields sealed.
 */
export async function sealLegacyIdpSecrets(db: Db, key: KeyObject): Promise<number> {
  return withSystem(db, async (tx) => {
    const rows = await tx.select().from(orgIdpSettings).where(plainSecretRows()).for('update');
    let sealed = 0;
    for (const row of rows) {
      const settings = { ...(row.settings as Record<string, unknown>) };
      for (const name of SECRET_FIELDS[row.provider] ?? []) {
        const value = settings[name];
        if (!isPlain(value)) continue;
        settings[name] = sealIdpSecret(key, { orgId: row.orgId, provider: row.provider, name }, value);
        sealed += 1;
      }
      // updated_at is left alone: nobody changed the settings.
      await tx
        .update(orgIdpSettings)
        .set({ settings })
        .where(and(eq(orgIdpSettings.orgId, row.orgId), eq(orgIdpSettings.id, row.id)));
    }
    return sealed;
  });
}

const isPlain = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !value.startsWith(SEALED_MARK);

/** Rows of a provider with secrets where one of them is a non-empty string not yet sealed. */
function plainSecretRows(): SQL | undefined {
  const plainField = (name: string): SQL =>
    sql`(jsonb_typeof(${orgIdpSettings.settings} -> ${name}::text) = 'string'
         and ${orgIdpSettings.settings} ->> ${name}::text <> ''
         and left(${orgIdpSettings.settings} ->> ${name}::text, ${SEALED_MARK.length}::int) <> ${SEALED_MARK})`;
  return or(
    ...Object.entries(SECRET_FIELDS).map(([provider, names]) =>
      and(eq(orgIdpSettings.provider, provider), or(...names.map(plainField))),
    ),
  );
}
