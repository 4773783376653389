// Every endpoint of every entity, generated from the registry: each demo principal (and a
// buyer limited to one organisation) calls every operation — find, list, save, delete, each
// workflow action, each declared extra endpoint with inputs built from its declaration — with
// ids of rows it may not read and with its own, signed in for real. No answer may carry what
// identifies another principal's rows (their document numbers, codes, names, and prices planted
// on them), no call may change such a row, and every write that succeeds is in the audit trail.
// The rule of who may read what is written here again, from the definitions and the grants,
// independently of the engine's scope code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  type EntityDef,
  type InputField,
  type InputSpec,
  STATUS_FIELD,
  VERSION_FIELD,
  isStored,
} from '@srm/kernel';
import { queryRows } from '@srm/db';
import { type Endpoint, type Grants, SYSTEM_ACTOR } from '@srm/platform';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import { ApiClient } from '@srm/platform/api-client';
import { readWorkbook, rowsOf as sheetRows } from './excel.testing';
import { registry } from './schema';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;

interface Principal {
  name: string;
  client: ApiClient;
  side: 'internal' | 'supplier';
  supplierId: number | null;
  userId: number;
  orgIds: readonly number[] | 'all';
  categoryIds: readonly number[] | 'all';
  readable: ReadonlySet<string>;
  /** Identifying strings of rows this principal may not read. */
  canaries: Set<string>;
}

let server: TestServer;
const principals: Principal[] = [];
/** Every row of every entity, as the platform reads it. */
const rowsOf = new Map<string, Row[]>();
let probes = 0;

const entities = registry.all();

function supplierAccess(entity: EntityDef): 'own' | 'read' | 'none' {
  const header = entity.parent ? registry.get(entity.parent.entity) : undefined;
  if (entity.ownedBy || header?.ownedBy) return 'own';
  if (entity.supplierReadable || header?.supplierReadable) return 'read';
  return 'none';
}

/** The header row of a line row. */
function headerOf(entity: EntityDef, row: Row): Row | undefined {
  if (!entity.parent) return undefined;
  const header = registry.get(entity.parent.entity);
  return rowsOf.get(header.name)?.find((item) => item[header.key] === row[entity.parent!.field]);
}

/** The rule, written again: may this principal read this row? */
function mayRead(p: Principal, entity: EntityDef, row: Row): boolean {
  if (!p.readable.has(entity.name)) return false;
  // Rows addressed to one user (a notice's copies): that user's, on either side; the readers of
  // the document they copy reach them through its endpoints (read receipts) and change them
  // through its actions (publishing, withdrawing).
  if (entity.addressedTo) {
    const { field, visibleIn, copiesOf } = entity.addressedTo;
    if (row[field] === p.userId && (!visibleIn || visibleIn.includes(String(row[STATUS_FIELD])))) return true;
    if (!copiesOf || p.side === 'supplier') return false;
    const document = registry.get(copiesOf.entity);
    const original = (rowsOf.get(document.name) ?? []).find(
      (found) => found[document.key] === row[copiesOf.field],
    );
    return original !== undefined && mayRead(p, document, original);
  }
  const header = entity.parent ? registry.get(entity.parent.entity) : undefined;
  const headerRow = headerOf(entity, row);
  if (p.side === 'supplier') {
    const access = supplierAccess(entity);
    if (access === 'none') return false;
    if (access === 'read') return true;
    const ownerOk = (def: EntityDef, r: Row | undefined) =>
      !def.ownedBy || (r !== undefined && r[def.ownedBy] === p.supplierId);
    const stateOk = (def: EntityDef, r: Row | undefined) =>
      !def.supplierVisibleIn || (r !== undefined && def.supplierVisibleIn.includes(String(r[STATUS_FIELD])));
    if (!ownerOk(entity, row) || !stateOk(entity, row)) return false;
    if (header && (!ownerOk(header, headerRow) || !stateOk(header, headerRow))) return false;
    return true;
  }
  const permitted = (def: EntityDef, r: Row | undefined) =>
    (!def.orgScoped ||
      p.orgIds === 'all' ||
      (r !== undefined && p.orgIds.includes(r[def.orgScoped] as number))) &&
    (!def.categoryScoped ||
      p.categoryIds === 'all' ||
      (r !== undefined && p.categoryIds.includes(r[def.categoryScoped] as number))) &&
    // Users of some organisations only see the rows they submitted (requests, schedules).
    (!def.userScoped || p.orgIds === 'all' || (r !== undefined && r[def.userScoped] === p.userId));
  return permitted(entity, row) && (!header || permitted(header, headerRow));
}

/** The values that identify a row: its number, its unique codes, its display text. */
function identifying(entity: EntityDef, row: Row): string[] {
  const names = new Set<string>();
  if (entity.numbering) names.add(entity.numbering.field);
  for (const [name, field] of Object.entries(entity.fields))
    if (field.kind === 'text' && (field.unique || field.format === 'code' || field.format === 'creditCode'))
      names.add(name);
  if (entity.fields[entity.display]?.kind === 'text' && (entity.ownedBy || entity.orgScoped))
    names.add(entity.display);
  return [...names]
    .map((name) => row[name])
    .filter((value): value is string => typeof value === 'string' && [...value].length >= 4);
}

/** A price no other row has: its integer part names the entity, its decimals the row. */
const PLANTED = {
  srmPurAgreementLine: ['unit_price', 'agreement_line_id', 8000],
  srmPoLine: ['unit_price_excl_tax', 'po_line_id', 6000],
} as const;
const plantedPrice = (base: number, id: number) =>
  `${base + (id % 1000)}.${String(271828 + id)
    .padStart(6, '0')
    .slice(-6)}`.replace(/0+$/, '');

async function plantPrices(): Promise<void> {
  // Distinct prices on every agreement and order line, so that a price in an answer names its row.
  for (const [entityName, [column, key, base]] of Object.entries(PLANTED)) {
    const entity = registry.get(entityName);
    await server.runtime
      .executor()
      .execute(
        sql.raw(
          `update ${entity.table} set ${column} = (${base} + (${key} % 1000)) + ((271828 + ${key}) % 1000000) / 1000000.0`,
        ),
      );
  }
}

function plantedCanaries(entity: EntityDef, row: Row): string[] {
  const planted = PLANTED[entity.name as keyof typeof PLANTED];
  return planted ? [plantedPrice(planted[2], row[entity.key] as number)] : [];
}

async function loadRows(): Promise<void> {
  for (const entity of entities) {
    const rows: Row[] = [];
    for await (const batch of server.runtime
      .service(entity.name)
      .scan(SYSTEM_ACTOR, { filters: [], sort: [{ field: entity.key, order: 'asc' }], pageRows: 20000 }))
      rows.push(...batch);
    rowsOf.set(entity.name, rows);
  }
}

async function signIn(name: string, userName: string): Promise<Principal> {
  const client = new ApiClient(server.url);
  const login = await client.login(userName, DEMO_PASSWORD);
  expect(login.body.status, `${userName}: ${login.body.msg}`).toBe('S');
  const user = (await server.identity.findUser({ userName }))!;
  const responsibilities = await server.identity.responsibilitiesOf(user);
  const current = responsibilities.find((r) => r.defaultFlag === 'Y') ?? responsibilities[0];
  const grants: Grants = await server.identity.grants(user, current?.responsibilityId ?? null);
  return {
    name,
    client,
    side: user.userType === 'EXTERNAL' ? 'supplier' : 'internal',
    supplierId: user.userType === 'EXTERNAL' ? (user.supplierId ?? null) : null,
    userId: user.userId,
    orgIds: grants.orgIds,
    categoryIds: grants.categoryIds,
    readable: grants.readable,
    canaries: new Set(),
  };
}

/** Canaries of each principal: identifying values of rows it may not read, minus what it may. */
function computeCanaries(): void {
  for (const p of principals) {
    const visible = new Set<string>();
    const foreign = new Set<string>();
    for (const entity of entities) {
      for (const row of rowsOf.get(entity.name) ?? []) {
        const target = mayRead(p, entity, row) ? visible : foreign;
        for (const value of identifying(entity, row)) target.add(value);
        if (target === foreign) for (const value of plantedCanaries(entity, row)) foreign.add(value);
        if (target === visible)
          for (const value of Object.values(row))
            if (typeof value === 'string' || typeof value === 'number') visible.add(String(value));
      }
    }
    for (const value of foreign) if (!visible.has(value)) p.canaries.add(value);
  }
}

/** Rows of an entity the principal may not read / may read. */
const foreignRows = (p: Principal, entity: EntityDef) =>
  (rowsOf.get(entity.name) ?? []).filter((row) => !mayRead(p, entity, row));
const ownRows = (p: Principal, entity: EntityDef) =>
  (rowsOf.get(entity.name) ?? []).filter((row) => mayRead(p, entity, row));

/** A few rows spread over the list (first, middle, last). */
function some<T>(items: readonly T[], count = 3): T[] {
  if (items.length <= count) return [...items];
  return [items[0]!, items[Math.floor(items.length / 2)]!, items[items.length - 1]!].slice(0, count);
}

/** A plausible value of an input field; references take the given id. */
function sample(field: InputField, pick: (entity: string) => number | undefined): unknown {
  switch (field.kind) {
    case 'refs': {
      // Rows of a platform table the handler scopes itself (the caller's in-app messages): probed below.
      if (field.callersOwn) return [];
      const id = pick(field.entity);
      return id === undefined ? [] : [id];
    }
    case 'rows':
      return [sampleInput(field.fields, pick)];
    case 'ref':
      return pick(field.entity) ?? 1;
    case 'text':
    case 'textarea':
      return field.format === 'email' ? 'probe@example.cn' : 'probe';
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return Math.max(1, field.min ?? 1);
    case 'lookup':
      return field.codes?.[0] ?? 'X';
    case 'date':
      return '2026-12-01';
    case 'month':
      return '2026-12';
    case 'time':
      return '08:00:00';
    case 'year':
      return 2026;
    case 'datetime':
      return Date.UTC(2026, 11, 1);
    case 'daterange':
      return ['2026-12-01', '2026-12-31'];
    case 'datetimerange':
      return [Date.UTC(2026, 11, 1), Date.UTC(2026, 11, 31)];
    case 'checkbox':
      return field.values === 'YN' ? 'N' : false;
    default:
      return undefined;
  }
}

function sampleInput(spec: InputSpec, pick: (entity: string) => number | undefined): Row {
  const body: Row = {};
  for (const [name, field] of Object.entries(spec)) {
    const value = sample(field, pick);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** The version of every row of every entity: what must not move for rows a principal may not read. */
/**
 * Records of events the platform writes itself, in bulk and from its workers: the sign-in and
 * message logs, and the message instances a dispatcher moves as it sends them (each attempt is
 * in the message log; a person's retry or cancel of one is audited like any write).
 */
// Append-only records of events (a sign-in, a message, a program's log line): the row is the record.
const EVENT_RECORDS = new Set([
  'baseLoginLog',
  'baseMessageLog',
  'baseMessageInstance',
  'baseConcurrentRequestLog',
]);

async function versions(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entity of entities) {
    if (!entity.fields[VERSION_FIELD] || EVENT_RECORDS.has(entity.name)) continue;
    const key = entity.key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const rows = await queryRows<{ id: string | number; v: string | number }>(
      server.runtime.executor(),
      sql.raw(`select ${key} as id, version_num as v from ${entity.table}`),
    );
    for (const row of rows) out.set(`${entity.name}:${String(row.id)}`, String(row.v));
  }
  return out;
}

async function auditMark(): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(
    server.runtime.executor(),
    sql`select max(audit_id) as id from base_audit_log`,
  );
  return Number(row?.id ?? 0);
}

/** Every string of an answer (keys and values), to look for canaries in. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

/** The canary stands in the text as a whole token (BASE_ORG is not in BASE_ORG_TYPE). */
function holds(text: string, canary: string): boolean {
  for (let at = text.indexOf(canary); at >= 0; at = text.indexOf(canary, at + 1)) {
    const before = text[at - 1];
    const after = text[at + canary.length];
    if (
      (before === undefined || !/[A-Za-z0-9_.-]/.test(before)) &&
      (after === undefined || !/[A-Za-z0-9_-]/.test(after))
    )
      return true;
  }
  return false;
}

/** Calls one endpoint as the principal; the answer must carry none of its canaries. */
async function probe(p: Principal, path: string, body: unknown): Promise<{ status: number; ok: boolean }> {
  probes++;
  const answer = await p.client.call(path, body);
  expect(answer.httpStatus, `${p.name} ${path}: a server error`).toBeLessThan(500);
  const texts = stringsOf(answer.body);
  for (const canary of p.canaries) {
    if (texts.some((text) => holds(text, canary)))
      expect.fail(
        `${p.name} ${path} ${JSON.stringify(body).slice(0, 200)} answered «${canary}», which it may not read`,
      );
  }
  return { status: answer.httpStatus, ok: answer.body.status === 'S' };
}

/**
 * A report's rows as an xlsx (`{endpoint}/exportExcel`) with every column it declares: refused,
 * or a workbook carrying none of the principal's canaries.
 */
async function probeSheet(p: Principal, path: string, endpoint: Endpoint, params: Row): Promise<void> {
  probes++;
  const columns = Object.keys(endpoint.sheet?.columns ?? {}).map((key) => ({ key }));
  const response = await p.client.fetch(path, { json: { requestParams: params, columns } });
  expect(response.status, `${p.name} ${path}: a server error`).toBeLessThan(500);
  const content = Buffer.from(await response.arrayBuffer());
  const texts = (response.headers.get('content-type') ?? '').includes('json')
    ? [content.toString('utf8')]
    : (await readWorkbook(content)).worksheets.flatMap((sheet) => sheetRows(sheet).flat().map(String));
  for (const canary of p.canaries)
    if (texts.some((text) => holds(text, canary)))
      expect.fail(`${p.name} ${path} ${JSON.stringify(params).slice(0, 200)} exported «${canary}»`);
}

const endpointsOf = (entity: EntityDef): [string, Endpoint][] =>
  Object.entries(server.runtime.hooksOf(entity.name).endpoints ?? {});

async function probeAll(p: Principal): Promise<void> {
  for (const entity of entities) {
    const foreign = some(foreignRows(p, entity));
    const api = (action: string) => `${entity.apiPath}/${action}`;
    const pickForeign = (name: string): number | undefined => {
      const target = registry.get(name);
      const row = foreignRows(p, target)[0];
      return row?.[target.key] as number | undefined;
    };
    const pickOwn = (name: string): number | undefined => {
      const target = registry.get(name);
      const row = ownRows(p, target)[0];
      return row?.[target.key] as number | undefined;
    };
    // Reads: a foreign row by id is not found (or refused), and no list answers one.
    for (const row of foreign) {
      const id = row[entity.key] as number;
      const found = await probe(p, api('findById'), { [entity.key]: id, withHistory: true });
      expect(found.ok, `${p.name} found ${entity.name} ${id}`).toBe(false);
    }
    await probe(p, api('listByPage'), { pageRows: 500 });
    if (entity.ownedBy && p.side === 'supplier') {
      const other = foreign.find((row) => row[entity.ownedBy!] !== p.supplierId);
      if (other) await probe(p, api('listByPage'), { [entity.ownedBy]: other[entity.ownedBy] });
    }
    if (entity.orgScoped && p.orgIds !== 'all') {
      const other = foreign.find(
        (row) => !(p.orgIds as readonly number[]).includes(row[entity.orgScoped!] as number),
      );
      if (other) await probe(p, api('listByPage'), { [entity.orgScoped]: other[entity.orgScoped] });
    }
    // Writes on foreign rows: refused.
    if (!entity.parent) {
      for (const row of foreign) {
        const id = row[entity.key] as number;
        const field = Object.entries(entity.fields).find(
          ([, def]) => isStored(def) && !def.readonly && !def.system && def.kind === 'text',
        )?.[0];
        const saved = await probe(p, api('saveOrUpdate'), {
          [entity.key]: id,
          versionNum: row[VERSION_FIELD],
          ...(field ? { [field]: 'probe' } : {}),
        });
        expect(saved.ok, `${p.name} saved ${entity.name} ${id}`).toBe(false);
        const removed = await probe(p, api('doBatchDelete'), { ids: [id] });
        expect(removed.ok, `${p.name} deleted ${entity.name} ${id}`).toBe(false);
      }
      for (const [action, definition] of Object.entries(entity.workflow?.actions ?? {})) {
        for (const row of foreign) {
          const id = row[entity.key] as number;
          const input = definition.input ? sampleInput(definition.input, pickOwn) : {};
          const acted = await probe(p, api(action), {
            [entity.key]: id,
            comment: 'probe',
            date: '2026-12-01',
            ...input,
          });
          expect(acted.ok, `${p.name} ran ${action} on ${entity.name} ${id}`).toBe(false);
        }
      }
    }
    // Declared endpoints: every reference foreign in turn, then every reference the caller's own.
    for (const [name, endpoint] of endpointsOf(entity)) {
      if (endpoint.resource === 'public') continue;
      const refNames = Object.entries(endpoint.input)
        .filter(([, field]) => field.kind === 'ref' || (field.kind === 'refs' && !field.callersOwn))
        .map(([field]) => field);
      // Ids of others' unread in-app messages: whatever the endpoint answers, they stay unread.
      for (const [refName, field] of Object.entries(endpoint.input)) {
        if (field.kind !== 'refs' || !field.callersOwn) continue;
        const others = await queryRows<{ id: number }>(
          server.runtime.executor(),
          sql`select message_id::int as id from base_site_message
               where user_id <> ${p.userId} and read_flag = 'N' order by message_id limit 20`,
        );
        if (!others.length) continue;
        const ids = others.map((row) => row.id);
        await probe(p, api(name), { ...sampleInput(endpoint.input, pickOwn), [refName]: ids });
        const [changed] = await queryRows<{ n: number }>(
          server.runtime.executor(),
          sql`select count(*)::int as n from base_site_message
               where message_id = any(${sql.param(ids)}::bigint[]) and read_flag <> 'N'`,
        );
        expect(changed!.n, `${p.name} ${name} marked others' messages`).toBe(0);
      }
      for (const refName of refNames) {
        const field = endpoint.input[refName] as { entity: string };
        const foreignId = pickForeign(field.entity);
        if (foreignId === undefined) continue;
        const body = sampleInput(endpoint.input, pickOwn);
        body[refName] = endpoint.input[refName]!.kind === 'refs' ? [foreignId] : foreignId;
        const answer = await probe(p, api(name), body);
        expect(answer.ok, `${p.name} ${name} with a foreign ${refName} answered`).toBe(false);
      }
      // With the caller's own rows: a few different ones per reference, so that an answer
      // computed from rows of others (a last price, a quota share) has a chance to show.
      await probe(p, api(name), sampleInput(endpoint.input, pickOwn));
      if (endpoint.sheet)
        await probeSheet(p, `${api(name)}/exportExcel`, endpoint, sampleInput(endpoint.input, pickOwn));
      for (const refName of refNames) {
        const field = endpoint.input[refName] as { entity: string };
        const target = registry.get(field.entity);
        for (const row of some(ownRows(p, target)).slice(1)) {
          const body = sampleInput(endpoint.input, pickOwn);
          const id = row[target.key] as number;
          body[refName] = endpoint.input[refName]!.kind === 'refs' ? [id] : id;
          await probe(p, api(name), body);
        }
      }
    }
  }
}

// Once, on the embedded database: what is probed here is the access rule and the SQL scope it
// writes, the same statements on PGlite as on a PostgreSQL server. The PostgreSQL pass is for what
// differs there (connections, concurrent transactions, locks, notifications), and the generated
// supplier-scope and entity suites still run on it. One pass of this file takes about 3.4 min
// (201 s on the embedded database in the CI run of 4242ab2).
describe.skipIf(!!process.env.DATABASE_URL)('endpoint access', () => {
  beforeAll(async () => {
    server = await startTestServer({ policy: 'signIn', seeds: domainSeeds });
    await plantPrices();
    // A buyer who may work for one organisation only.
    const admin = await signIn('admin', 'admin');
    const ou = await orgIdOf('OU100');
    const buyerResponsibility = await queryRows<{ id: number | string }>(
      server.runtime.executor(),
      sql`select responsibility_id as id from base_responsibility where responsibility_code = 'BUYER'`,
    );
    const created = await admin.client.call<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: 'buyer_ou100',
      userFullName: '赵一',
      userType: 'INTERNAL',
      allOrgsFlag: 'N',
      allCategoriesFlag: 'Y',
      responsibilities: [{ responsibilityId: Number(buyerResponsibility[0]!.id), defaultFlag: 'Y' }],
      orgPermits: [{ orgId: ou }],
    });
    expect(created.body.status, created.body.msg).toBe('S');
    await server.identity.setPassword(created.body.data.userId as number, DEMO_PASSWORD);
    principals.push(admin);
    for (const [name, userName] of [
      ['buyer', 'buyer'],
      ['approver', 'approver'],
      ['finance', 'finance'],
      ['supplier A', 'sup_a'],
      ['supplier B', 'sup_b'],
      ['buyer of OU100 only', 'buyer_ou100'],
    ] as const)
      principals.push(await signIn(name, userName));
    // A request and a schedule of the buyer's: the buyer of OU100 only must learn nothing of them.
    const buyer = principals.find((p) => p.name === 'buyer')!;
    const [program] = await queryRows<{ id: number | string }>(
      server.runtime.executor(),
      sql`select program_id as id from base_concurrent_program where program_code = 'PO_AUTO_CLOSE'`,
    );
    const submitted = await buyer.client.call<Row>('/api/schedule/v1/baseConcurrentRequestRestful/doSubmit', {
      programId: Number(program!.id),
      requestedStart: Date.now() + 86_400_000,
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    const scheduled = await buyer.client.call<Row>('/api/schedule/v1/baseScheduleJobRestful/saveOrUpdate', {
      scheduleName: '每晚关闭已收货订单',
      programId: Number(program!.id),
      scheduleType: 'CRON',
      cronExpression: '30 2 * * *',
    });
    expect(scheduled.body.status, scheduled.body.msg).toBe('S');
    await loadRows();
    computeCanaries();
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    console.info(`endpoint access suite: ${probes} probes`);
  });

  async function orgIdOf(code: string): Promise<number> {
    const [row] = await queryRows<{ id: number | string }>(
      server.runtime.executor(),
      sql`select org_id as id from srm_base_org where org_code = ${code}`,
    );
    return Number(row!.id);
  }

  describe('the audit trail of the demo company', () => {
    it('holds an entry for every version of every row: no write skipped it', async () => {
      // The demo seeds create, approve, release, confirm, ship and receive documents through the
      // engine, running every area's hooks and side effects: a write that skipped the audit
      // leaves a row with more versions than entries.
      const missing: string[] = [];
      for (const entity of entities) {
        if (!entity.fields[VERSION_FIELD] || EVENT_RECORDS.has(entity.name)) continue;
        const key = entity.key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        const rows = await queryRows<{ id: string | number; v: string | number; n: string | number }>(
          server.runtime.executor(),
          sql.raw(
            `select t.${key} as id, t.version_num as v,
                  (select count(*) from base_audit_log a where a.entity = '${entity.name}' and a.record_id = t.${key}) as n
           from ${entity.table} t`,
          ),
        );
        for (const row of rows)
          if (Number(row.n) < Number(row.v))
            missing.push(
              `${entity.name} ${String(row.id)}: ${String(row.v)} versions, ${String(row.n)} entries`,
            );
      }
      expect(missing).toEqual([]);
    });
  });

  describe('every endpoint, every principal, against rows of every other', () => {
    it('the suite knows something foreign for every principal but the administrator', () => {
      for (const p of principals.filter((p) => p.name !== 'admin'))
        expect(p.canaries.size, `${p.name} has nothing foreign to look for`).toBeGreaterThan(10);
    });

    for (const name of [
      'admin',
      'buyer',
      'approver',
      'finance',
      'supplier A',
      'supplier B',
      'buyer of OU100 only',
    ]) {
      it(`${name}: nothing foreign answered, nothing foreign changed, every write audited`, async () => {
        const p = principals.find((principal) => principal.name === name)!;
        const before = await versions();
        const mark = await auditMark();
        await probeAll(p);
        const after = await versions();
        // Rows the principal may not read did not move.
        for (const entity of entities) {
          for (const row of foreignRows(p, entity)) {
            const key = `${entity.name}:${String(row[entity.key])}`;
            expect(after.get(key), `${name} changed or deleted ${key}`).toBe(before.get(key));
          }
        }
        // Every row that moved during the probes has an audit entry written after the mark.
        const audited = new Set(
          (
            await queryRows<{ entity: string; record_id: string | number }>(
              server.runtime.executor(),
              sql`select entity, record_id from base_audit_log where audit_id > ${mark}`,
            )
          ).map((row) => `${row.entity}:${String(row.record_id)}`),
        );
        for (const [key, version] of after) {
          if (before.get(key) !== version)
            expect(audited.has(key), `${key} changed without an audit entry`).toBe(true);
        }
      }, 900_000);
    }
  });
});
