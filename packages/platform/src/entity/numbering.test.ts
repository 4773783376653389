// Document numbers on the database itself: a gap-free rule takes its number in the document's
// transaction (a rollback gives it back, a second save waits); a rule that allows gaps takes it
// on its own on PostgreSQL (a rollback leaves a gap, a second save does not wait).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@srm/db';
import { testOrder } from '../testing/fixtures';
import { type TestDatabase, openTestDatabase } from '../testing/database';
import { nextDocumentNumber } from './numbering';

const gapless = { ...testOrder, name: 'numberingGapless' };
const gapped = { ...testOrder, name: 'numberingGapped', numbering: { ...testOrder.numbering!, gaps: true } };
const NOW = Date.UTC(2026, 11, 5, 3);
const row = { orgId: 1 };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

class RolledBack extends Error {}

/** The number a transaction takes and then rolls back. */
async function takenAndRolledBack(entity: typeof testOrder): Promise<string> {
  let taken = '';
  await inTransaction(database, async (tx) => {
    taken = await nextDocumentNumber(database, tx, entity, row, NOW, 'Asia/Shanghai');
    throw new RolledBack();
  }).catch((error: unknown) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return taken;
}

const next = (entity: typeof testOrder) =>
  inTransaction(database, (tx) => nextDocumentNumber(database, tx, entity, row, NOW, 'Asia/Shanghai'));

describe('document numbers', () => {
  it('without gaps: a rolled-back save gives its number back', async () => {
    expect(await takenAndRolledBack(gapless)).toBe('TO20261205001');
    expect(await next(gapless)).toBe('TO20261205001');
    expect(await next(gapless)).toBe('TO20261205002');
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'with gaps on PostgreSQL: a rolled-back save keeps its number, and an open save does not hold the next one',
    async () => {
      expect(await takenAndRolledBack(gapped)).toBe('TO20261205001');
      expect(await next(gapped)).toBe('TO20261205002');
      // A save holds its number while it is open; another save takes the next meanwhile.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const open = inTransaction(database, async (tx) => {
        const number = await nextDocumentNumber(database, tx, gapped, row, NOW, 'Asia/Shanghai');
        await held;
        return number;
      });
      const other = await Promise.race([
        next(gapped),
        new Promise<string>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      release();
      expect([await open, other].sort()).toEqual(['TO20261205003', 'TO20261205004']);
    },
  );

  it.runIf(!process.env.DATABASE_URL)(
    'with gaps on the embedded database: taken in the transaction',
    async () => {
      expect(await takenAndRolledBack(gapped)).toBe('TO20261205001');
      expect(await next(gapped)).toBe('TO20261205001');
    },
  );
});
