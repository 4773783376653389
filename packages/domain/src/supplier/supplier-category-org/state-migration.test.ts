// Migration 0041 on a database in ADR 0005's states: the migrations up to 0040 are applied from a
// copy of the folder whose journal stops there, rows are written in the old states, then the
// whole folder is applied. Frozen lines and the lines of a frozen supplier are suspended with a
// history row, potential lines introduce, an eliminated supplier quits, a blacklisted one gets an
// approved entry over the status its lines give, and every other status follows the lines.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows, runMigrations } from '@srm/db';

const migrations = new URL('../../../../db/migrations', import.meta.url).pathname;
let database: Database;

type Row = Record<string, unknown>;

beforeAll(async () => {
  const before = mkdtempSync(join(tmpdir(), 'srm-0040-'));
  cpSync(migrations, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 40);
  writeFileSync(journalPath, JSON.stringify(journal));
  database = await openDatabase({});
  await runMigrations(database, before);
  const db = database.db;
  await db.execute(sql`
    insert into srm_base_org (org_code, org_name, org_type, creation_date, last_update_date)
    values ('OU1', '业务实体', 'OPERATING_UNIT', now(), now())`);
  await db.execute(sql`
    insert into srm_base_category (category_code, category_name, creation_date, last_update_date)
    values ('C1', '钣金件', now(), now()), ('C2', '紧固件', now(), now())`);
  await db.execute(sql`
    insert into srm_supplier_info (supplier_code, supplier_name, credit_code, supplier_type, contact_name,
      contact_mobile, contact_email, status, creation_date, last_update_date)
    select 'S' || n, name, code, 'PRODUCTION', '联系人', '13800000000', 'a@b.cn', status, now(), now()
      from (values (1, '合格', '91320505MA1NH7QX3R', 'QUALIFIED'), (2, '冻结', '91330212MA2GQ3RT8L', 'FROZEN'),
                   (3, '黑名单', '91320412MA1XK5TP2X', 'BLACKLISTED'), (4, '淘汰', '91320211MA1P8GDK6E', 'ELIMINATED'),
                   (5, '潜在', '91330302MA2H4LQN5R', 'POTENTIAL')) as v(n, name, code, status)`);
  await db.execute(sql`
    insert into srm_supplier_category_org (supplier_id, category_id, org_id, status, creation_date, last_update_date)
    select s.supplier_id, c.category_id, o.org_id, v.status, now(), now()
      from (values ('S1', 'C1', 'QUALIFIED'), ('S1', 'C2', 'FROZEN'), ('S2', 'C1', 'QUALIFIED'),
                   ('S3', 'C1', 'QUALIFIED'), ('S5', 'C1', 'POTENTIAL')) as v(supplier, category, status)
      join srm_supplier_info s on s.supplier_code = v.supplier
      join srm_base_category c on c.category_code = v.category
      cross join srm_base_org o`);
  await runMigrations(database, migrations);
});
afterAll(async () => database?.close());

describe('migration 0041', () => {
  it('carries ADR 0005’s states over to ADR 0023’s', async () => {
    const db = database.db;
    const suppliers = await queryRows<Row>(
      db,
      sql`select supplier_code as code, status, blacklist_flag as flag from srm_supplier_info order by supplier_code`,
    );
    expect(suppliers).toEqual([
      { code: 'S1', status: 'QUALIFIED', flag: 'N' },
      { code: 'S2', status: 'QUALIFIED', flag: 'N' },
      { code: 'S3', status: 'QUALIFIED', flag: 'Y' },
      { code: 'S4', status: 'QUIT', flag: 'N' },
      { code: 'S5', status: 'POTENTIAL', flag: 'N' },
    ]);
    const lines = await queryRows<Row>(
      db,
      sql`select s.supplier_code || '/' || c.category_code as line, l.status, l.suspend_cause as cause
            from srm_supplier_category_org l
            join srm_supplier_info s on s.supplier_id = l.supplier_id
            join srm_base_category c on c.category_id = l.category_id
           order by 1`,
    );
    expect(lines).toEqual([
      { line: 'S1/C1', status: 'QUALIFIED', cause: null },
      { line: 'S1/C2', status: 'SUSPENDED', cause: 'MANUAL' },
      { line: 'S2/C1', status: 'SUSPENDED', cause: 'MANUAL' },
      { line: 'S3/C1', status: 'QUALIFIED', cause: null },
      { line: 'S5/C1', status: 'INTRODUCING', cause: null },
    ]);
    const history = await queryRows<Row>(
      db,
      sql`select count(*)::int as n from srm_supplier_category_org_history
           where change_source = 'MIGRATION' and to_status = 'SUSPENDED'`,
    );
    expect(history[0]!.n).toBe(2);
    const entries = await queryRows<Row>(
      db,
      sql`select s.supplier_code as code, b.status, b.permanent_flag as permanent, b.scope_order as orders
            from srm_supplier_blacklist b join srm_supplier_info s on s.supplier_id = b.supplier_id`,
    );
    expect(entries).toEqual([{ code: 'S3', status: 'APPROVED', permanent: 'Y', orders: 'Y' }]);
  });
});
