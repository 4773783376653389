// Data keys of sealed values (ADR 0041): one random AES-256 key per scope (a sourcing event,
// `srmInquiry:42`), stored only wrapped by the seal key. A dump, a replica or a report sees the
// wrapped key and the ciphertext; opening needs the seal key, which lives outside the database.
// One key per event keeps events apart: a key exposed while one event is opened opens no other,
// and deleting an event's key row makes its sealed values unreadable for good.
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@srm/db';
import type { DataKey, Sealer } from './seal';
import { sealDataKey } from './tables';

/**
 * The data key of a scope, made on first use in the caller's transaction (a rolled-back
 * transaction leaves no key; key ids are never reused, so the keys a node keeps by id stay
 * true). Two transactions making the key of one scope at once: the second waits on the unique
 * scope and takes the first's. One statement once the key exists.
 */
export async function dataKeyOf(tx: Executor, sealer: Sealer, scope: string, now: Date): Promise<DataKey> {
  const stored = async () =>
    (
      await tx
        .select({ keyId: sealDataKey.keyId, wrappedKey: sealDataKey.wrappedKey })
        .from(sealDataKey)
        .where(eq(sealDataKey.scope, scope))
    )[0];
  const found = await stored();
  if (found) return sealer.unwrap(found.keyId, found.wrappedKey);
  const made = sealer.newDataKey();
  const [inserted] = await tx
    .insert(sealDataKey)
    .values({ scope, wrappedKey: made.wrapped, creationDate: now })
    .onConflictDoNothing({ target: sealDataKey.scope })
    .returning({ keyId: sealDataKey.keyId });
  if (inserted) return sealer.unwrap(inserted.keyId, made.wrapped);
  const raced = await stored();
  if (!raced) throw new Error(`The data key of ${scope} was neither made nor found`);
  return sealer.unwrap(raced.keyId, raced.wrappedKey);
}

/** Loads the data keys these sealed values need that this node has not unwrapped yet. */
export async function loadDataKeys(on: Executor, sealer: Sealer, values: Iterable<unknown>): Promise<void> {
  const missing = sealer.missingKeys(values);
  if (!missing.length) return;
  const rows = await on
    .select({ keyId: sealDataKey.keyId, wrappedKey: sealDataKey.wrappedKey })
    .from(sealDataKey)
    .where(inArray(sealDataKey.keyId, missing));
  for (const row of rows) sealer.unwrap(row.keyId, row.wrappedKey);
}
