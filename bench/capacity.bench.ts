// Inputs of docs/capacity.md, measured on PostgreSQL: the bytes a row of each big table takes,
// heap and indexes. The demo data is loaded into a new database, then every row of each table is
// copied until it holds at least BENCH_CAPACITY_ROWS rows (keys, numbers and other unique
// columns made unique), and the table's total size (heap, TOAST and indexes, after VACUUM
// ANALYZE) is divided by its row count. A table whose copy the database refuses is measured on
// its demo rows alone (said in the output). Prints one JSON line per table and a summary.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { openBenchDatabase, postgresAvailable } from './lib/engine';
import { startBenchApp } from './lib/app';

const TARGET_ROWS = Number(process.env.BENCH_CAPACITY_ROWS ?? 20_000);

/** The tables that grow with the business (docs/capacity.md §1), in the order they are copied. */
const TABLES = [
  'srm_po_header',
  'srm_po_line',
  'srm_pur_asn_header',
  'srm_pur_asn_line',
  'srm_pur_receive_header',
  'srm_pur_receive_line',
  'srm_pur_price_history',
  'srm_stl_invoice_header',
  'srm_stl_invoice_line',
  'base_audit_log',
  'bpm_instance',
  'bpm_task',
  'bpm_history',
  'base_site_message',
  'base_message_log',
  'base_attachment',
  'base_login_log',
  'base_scsi_platform_log_default',
  'base_concurrent_request',
  'base_concurrent_request_log',
];

interface Column {
  name: string;
  type: string;
  identity: boolean;
  generated: boolean;
  unique: boolean;
}

async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const { rows } = await client.query<Omit<Column, 'unique'>>(
    `select c.column_name as name, c.data_type as type, c.is_identity = 'YES' as identity,
            c.is_generated <> 'NEVER' as generated
       from information_schema.columns c where c.table_name = $1 order by c.ordinal_position`,
    [table],
  );
  // Of each unique index (not the key), the column a copy changes: the only one, else the last
  // that is not a reference (a line's number, not its header's id).
  const { rows: indexes } = await client.query<{ columns: string[] }>(
    `select array_agg(a.attname::text order by k.ord) as columns
       from pg_index i cross join unnest(i.indkey) with ordinality as k(attnum, ord)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = $1::regclass and i.indisunique and not i.indisprimary
      group by i.indexrelid`,
    [table],
  );
  const changed = new Set(
    indexes.map(
      ({ columns }) => [...columns].reverse().find((name) => !name.endsWith('_id')) ?? columns.at(-1)!,
    ),
  );
  return rows.map((row) => ({ ...row, unique: changed.has(row.name) }));
}

/** The expression a copied row stores in a column: unique values where the table wants them. */
function copied(column: Column): string {
  if (!column.unique) return `t.${column.name}`;
  if (/char|text/.test(column.type)) return `left(t.${column.name}, 20) || '-' || g::text`;
  if (/int|numeric/.test(column.type)) return `t.${column.name} * 1000000 + g`;
  return `t.${column.name}`;
}

async function grow(client: pg.Client, table: string): Promise<string> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
  const have = Number(rows[0]!.n);
  if (!have) return 'empty';
  if (have >= TARGET_ROWS) return 'demo rows';
  const columns = (await columnsOf(client, table)).filter((c) => !c.identity && !c.generated);
  const times = Math.ceil(TARGET_ROWS / have) - 1;
  try {
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`); // no triggers, no foreign keys
    await client.query(
      `insert into ${table} (${columns.map((c) => c.name).join(', ')})
       select ${columns.map(copied).join(', ')} from ${table} t, generate_series(1, ${times}) g`,
    );
    await client.query('commit');
    return 'copied';
  } catch (error) {
    await client.query('rollback');
    return `demo rows only (copy refused: ${(error as Error).message.slice(0, 80)})`;
  }
}

/** Times pg_dump (custom format) of the database and pg_restore (two jobs) into a new one. */
function dumpAndRestore(url: string, databaseBytes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'srm-capacity-'));
  const file = join(dir, 'dump.pgc');
  const target = Object.assign(new URL(url), { pathname: `/srm_bench_capacity_restore_${process.pid}` });
  const run = (command: string, args: string[]) => {
    const began = performance.now();
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`${command}: ${String(result.stderr)}`);
    return (performance.now() - began) / 1000;
  };
  try {
    const dumpSeconds = run('pg_dump', ['-Fc', '-f', file, url]);
    const fileBytes = statSync(file).size;
    run('psql', [
      Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
      '-qc',
      `create database ${target.pathname.slice(1)}`,
    ]);
    const restoreSeconds = run('pg_restore', ['-j', '2', '-d', target.toString(), file]);
    const mb = databaseBytes / 1048576;
    return {
      dumpSeconds,
      restoreSeconds,
      fileBytes,
      dumpMbPerSecond: mb / dumpSeconds,
      restoreMbPerSecond: mb / restoreSeconds,
    };
  } finally {
    spawnSync('psql', [
      Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
      '-qc',
      `drop database if exists ${target.pathname.slice(1)} with (force)`,
    ]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!(await postgresAvailable())) {
    console.log('capacity: skipped (no PostgreSQL on 127.0.0.1:5432)');
    return;
  }
  const bench = await openBenchDatabase('postgres', `srm_bench_capacity_${process.pid}`);
  try {
    const { app, runtime } = await startBenchApp(bench.database, 'capacity');
    await runSeeds(runtime, domainSeeds, 'all');
    await app.close();
    const url = bench.url!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const results = [];
    for (const table of TABLES) {
      const exists = await client.query(`select to_regclass($1) as t`, [table]);
      if (!exists.rows[0].t) continue;
      const how = await grow(client, table);
      await client.query(`vacuum analyze ${table}`);
      const [size] = (
        await client.query<{ rows: string; heap: string; total: string; indexes: string; width: string }>(
          `select (select count(*) from ${table}) as rows, pg_table_size('${table}') as heap,
                  pg_indexes_size('${table}') as indexes, pg_total_relation_size('${table}') as total,
                  (select avg(pg_column_size(t.*)) from ${table} t) as width`,
        )
      ).rows;
      const rows = Number(size!.rows);
      const result = {
        table,
        how,
        rows,
        heapBytesPerRow: rows ? Math.round(Number(size!.heap) / rows) : null,
        indexBytesPerRow: rows ? Math.round(Number(size!.indexes) / rows) : null,
        totalBytesPerRow: rows ? Math.round(Number(size!.total) / rows) : null,
        dataWidth: Math.round(Number(size!.width ?? 0)),
      };
      results.push(result);
      console.log(JSON.stringify(result));
    }
    const [{ bytes }] = (
      await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes')
    ).rows as [{ bytes: string }];
    await client.end();
    const backup = dumpAndRestore(url, Number(bytes));
    console.log(
      '\ncapacity: bytes per row (total = heap + TOAST + indexes), measured at',
      TARGET_ROWS,
      'rows or more',
    );
    console.log(
      `capacity.backup: pg_dump -Fc ${backup.dumpSeconds.toFixed(1)} s, pg_restore -j 2 ${backup.restoreSeconds.toFixed(1)} s for a database of ${(Number(bytes) / 1048576).toFixed(0)} MB (dump file ${(backup.fileBytes / 1048576).toFixed(0)} MB): ${backup.dumpMbPerSecond.toFixed(0)} MB/s and ${backup.restoreMbPerSecond.toFixed(0)} MB/s of database (reported)`,
    );
    for (const r of results)
      console.log(
        `  ${r.table.padEnd(34)} ${String(r.totalBytesPerRow).padStart(6)} B/row  (heap ${r.heapBytesPerRow}, indexes ${r.indexBytesPerRow}; ${r.rows} rows, ${r.how})`,
      );
  } finally {
    await bench.drop();
  }
}

await main();
