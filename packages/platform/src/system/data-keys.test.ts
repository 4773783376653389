// Data keys (ADR 0041): one random key per scope, stored only wrapped by the seal key; a node
// opens a value once it has loaded the key the value names; a rolled-back transaction leaves no
// key behind and its id is never given again; deleting a scope's key makes its values unreadable
// while every other scope's stay readable.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@srm/db';
import { type EngineHarness, startEngine } from '../testing/engine';
import { testEntities, testMessages } from '../testing/fixtures';
import { dataKeyOf, loadDataKeys } from './data-keys';
import { Sealer, dataKeyIdOf } from './seal';

let engine: EngineHarness;
const sealKey = randomBytes(32);
const now = new Date();

beforeAll(async () => {
  engine = await startEngine({ entities: testEntities, messages: testMessages });
});
afterAll(async () => engine?.close());

const stored = (scope: string) =>
  queryRows<{ id: number; wrapped: string }>(
    engine.runtime.executor(),
    sql`select key_id::int as id, wrapped_key as wrapped from base_seal_data_key where scope = ${scope}`,
  );

describe('data keys', () => {
  it('gives each scope its own key, the same one each time, stored only wrapped', async () => {
    const node = new Sealer(sealKey);
    const first = await dataKeyOf(engine.runtime.executor(), node, 'srmInquiry:1', now);
    const again = await dataKeyOf(engine.runtime.executor(), node, 'srmInquiry:1', now);
    const other = await dataKeyOf(engine.runtime.executor(), node, 'srmInquiry:2', now);
    expect(again.id).toBe(first.id);
    expect(again.key.equals(first.key)).toBe(true);
    expect(other.id).not.toBe(first.id);
    expect(other.key.equals(first.key)).toBe(false);
    const [row] = await stored('srmInquiry:1');
    expect(row!.wrapped).toMatch(/^v1:/);
    expect(row!.wrapped).not.toContain(first.key.toString('base64'));
    expect(row!.wrapped).not.toContain(first.key.toString('hex'));

    const sealed = node.seal({ price: '0.2613' }, first);
    expect(sealed).toMatch(new RegExp(`^v2:${first.id}:`));
    expect(dataKeyIdOf(sealed)).toBe(first.id);
    expect(node.open(sealed)).toEqual({ price: '0.2613' });
    // A value sealed with the seal key itself (a secret) still opens as before.
    expect(node.open(node.seal('secret'))).toBe('secret');
  });

  it('opens on another node once that node has loaded the key; a node with another seal key cannot', async () => {
    const writer = new Sealer(sealKey);
    const key = await dataKeyOf(engine.runtime.executor(), writer, 'srmAuction:7', now);
    const sealed = writer.seal('8.370000', key);

    const reader = new Sealer(sealKey);
    expect(() => reader.open(sealed)).toThrow(/not loaded/);
    expect(reader.missingKeys([sealed, null, 'v1:abc', 3])).toEqual([key.id]);
    await loadDataKeys(engine.runtime.executor(), reader, [sealed]);
    expect(reader.missingKeys([sealed])).toEqual([]);
    expect(reader.open(sealed)).toBe('8.370000');

    const stranger = new Sealer(randomBytes(32));
    await expect(loadDataKeys(engine.runtime.executor(), stranger, [sealed])).rejects.toThrow();
  });

  it('leaves no key of a rolled-back transaction, and never gives its id again', async () => {
    const node = new Sealer(sealKey);
    let rolledBack = 0;
    await expect(
      engine.runtime.transaction(async (tx) => {
        rolledBack = (await dataKeyOf(tx, node, 'srmInquiry:3', now)).id;
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await stored('srmInquiry:3')).toEqual([]);
    const made = await engine.runtime.transaction((tx) => dataKeyOf(tx, node, 'srmInquiry:3', now));
    expect(made.id).toBeGreaterThan(rolledBack);
    expect((await stored('srmInquiry:3'))[0]!.id).toBe(made.id);
  });

  it("makes one scope's values unreadable for good when its key is deleted, and no other scope's", async () => {
    const writer = new Sealer(sealKey);
    const shredded = writer.seal(
      '5.85',
      await dataKeyOf(engine.runtime.executor(), writer, 'srmInquiry:4', now),
    );
    const kept = writer.seal('6.10', await dataKeyOf(engine.runtime.executor(), writer, 'srmInquiry:5', now));
    await engine.runtime.executor().execute(sql`delete from base_seal_data_key where scope = 'srmInquiry:4'`);
    const reader = new Sealer(sealKey);
    await loadDataKeys(engine.runtime.executor(), reader, [shredded, kept]);
    expect(() => reader.open(shredded)).toThrow(/not loaded/);
    expect(reader.open(kept)).toBe('6.10');
  });
});
