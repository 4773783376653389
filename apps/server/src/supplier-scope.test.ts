// Supplier isolation, generated from the definitions: for every supplier-owned entity, the
// least-privileged user of supplier B tries to find, list, filter, update, delete and act on
// supplier A's rows, signed in for real. All refused or empty; no A row in any answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_TYPES } from '@srm/domain/supplier';
import { type EntityDef, withCreditCodeCheck } from '@srm/kernel';
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import { SYSTEM_ACTOR } from '@srm/platform';
import { SampleFactory, type SampleOverrides, ApiClient } from '@srm/platform/testing';
import { registry } from './schema';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;

/** Qualification requirements sampled so far: one credential type each (one per category, scope and type). */
let requirements = 0;
let server: TestServer;
let admin: ApiClient;
let supplierB: ApiClient;
let supplierAId: number;
const supplierAName = DEMO_SUPPLIERS[0]!.supplier.supplierName as string;

const owned = registry.all().filter((entity) => entity.ownedBy && !entity.parent);

beforeAll(async () => {
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds });
  admin = new ApiClient(server.url);
  expect((await admin.login('admin', DEMO_PASSWORD)).body.status).toBe('S');
  supplierB = new ApiClient(server.url);
  expect((await supplierB.login('sup_b', DEMO_PASSWORD)).body.status).toBe('S');
  const found = await admin.call<Row[]>('/api/srm/v1/srmSupplierInfoRestful/listByPage', {
    supplierName: supplierAName,
  });
  supplierAId = found.body.data[0]!.supplierId as number;
});
afterAll(async () => server?.close());

/** A row of the entity owned by supplier A, created by the administrator when needed. */
async function rowOfSupplierA(entity: EntityDef): Promise<Row> {
  if (entity.ownedBy === entity.key) {
    return (await admin.call<Row>(`${entity.apiPath}/findById`, { [entity.key]: supplierAId })).body.data;
  }
  if (entity.supplierVisibleIn || !entity.writableBy.includes('internal')) {
    // A document supplier A may see, or one the server writes (the demo data holds some: a
    // submitted note's barcodes): B must still never see it.
    const found = await admin.call<Row[]>(`${entity.apiPath}/listByPage`, {
      [entity.ownedBy!]: supplierAId,
      ...(entity.supplierVisibleIn ? { status: [...entity.supplierVisibleIn] } : {}),
      pageRows: 1,
    });
    if (found.body.data?.[0]) return found.body.data[0];
    // Rows only the supplier writes and no internal menu shows (批量暂存): read by the platform.
    if (found.httpStatus === 403) {
      const service = server.runtime.service(entity.name);
      const rows = await service.list(SYSTEM_ACTOR, { filters: [], sort: [], pageIndex: 1, pageRows: 500 });
      const own = rows.rows.find((item) => item[entity.ownedBy!] === supplierAId);
      if (own) return service.find(SYSTEM_ACTOR, own[entity.key] as number);
    }
  }
  const adjusted: SampleOverrides = {
    // A credential ends on a day or is long-term valid, not both.
    srmSupplierCredential: (row) => ({ ...row, longTermFlag: 'N' }),
    srmSupplierChangeCredential: (row) => ({ ...row, longTermFlag: 'N' }),
    // An introduction's steps come from its scene when it starts.
    srmSupplierIntro: (row) => ({ ...row, steps: [] }),
    // A locale inspection of its own in draft, on a scoring template whose items weigh 100.
    srmLocaleInspection: (row) => ({
      ...row,
      introId: null,
      items: [],
      scores: [],
      passScore: 80,
      conditionalScore: 60,
    }),
    srmSampleTrial: (row) => ({
      ...row,
      introId: null,
      results: ((row.results as Row[] | undefined) ?? []).map((result) => ({
        ...result,
        verdict: 'PENDING',
      })),
    }),
    // A batch trial of its own in draft, without materials (they lie in its category) or order.
    srmBatchTrial: (row) => ({
      ...row,
      introId: null,
      poHeaderId: null,
      lines: [],
      feedbacks: ((row.feedbacks as Row[] | undefined) ?? []).map((feedback) => ({
        ...feedback,
        verdict: 'PENDING',
      })),
    }),
    srmAgreementSign: (row) => ({ ...row, introId: null, clauses: [], rounds: [] }),
    srmSurveyTemplate: (row) => ({
      ...row,
      usage: 'INSPECTION',
      lines: [{ lineNum: 1, questionText: '样例评分项', questionType: 'SCORE', weight: 100 }],
    }),
    // A suspension names a qualified library line of supplier A (the demo's 0201 in OU100).
    srmSupplierLineChange: async (row) => {
      const [line] = (
        await admin.call<Row[]>('/api/srm/v1/srmSupplierCategoryOrgRestful/listByPage', {
          supplierId: supplierAId,
          status: 'QUALIFIED',
          pageRows: 1,
        })
      ).body.data;
      return { ...row, changeType: 'SUSPEND', lines: [{ categoryId: line!.categoryId, orgId: line!.orgId }] };
    },
    // A quit lies ahead; a whole supplier's names no lines.
    srmSupplierQuit: (row) => ({ ...row, quitScope: 'WHOLE', effectiveDate: '2099-12-31', lines: [] }),
    // A blacklist entry is permanent or ends on a later day; each requirement its own credential type.
    srmSupplierBlacklist: (row) => ({
      ...row,
      permanentFlag: 'N',
      relieveDate: '2099-12-31',
      scopeOrder: 'Y',
    }),
    srmQualificationRequirement: (row) => ({
      ...row,
      credentialType: CREDENTIAL_TYPES[requirements++ % CREDENTIAL_TYPES.length],
    }),
    // A payment application's lines name matched invoices; the sample is the header alone.
    srmStlPaymentHeader: (row) => ({ ...row, lines: [] }),
    // A balance confirmation's lines are the ledger's postings, taken by the platform.
    srmStlRcnHeader: (row) => ({
      ...row,
      periodStartDate: '2026-01-01',
      periodEndDate: '2026-01-31',
      lines: [],
    }),
    // Supplier A's own sign account: its owner the supplier, with its credit code.
    srmCctSignAccount: (row) => ({
      ...row,
      accountType: 'ORG',
      ownerType: 'SUPPLIER',
      orgId: null,
      creditCode: withCreditCodeCheck('91320500MA1MC0002'),
    }),
    // ISO 4217 codes: three capital letters.
    srmBaseCurrency: (row, n) => ({
      ...row,
      currencyCode: String.fromCharCode(65 + (n % 26), 65 + ((n / 26) % 26), 90),
    }),
  };
  const own = adjusted[entity.name];
  const factory = new SampleFactory(registry, (path, body) => admin.call(path, body), {
    ...adjusted,
    // Supplier A's row, after whatever else its entity's sample needs.
    [entity.name]: async (row, n, made) => ({
      ...(own ? await own(row, n, made) : row),
      [entity.ownedBy!]: supplierAId,
    }),
  });
  if (entity.writableBy.length) return factory.create(entity.name);
  // Written by the platform only (background exports): the platform creates the row.
  const service = server.runtime.service(entity.name);
  const created = await service.createMany(SYSTEM_ACTOR, [await factory.body(entity.name)]);
  if (!('ids' in created)) throw new Error(`sample ${entity.name}: ${JSON.stringify(created.issues)}`);
  return service.find(SYSTEM_ACTOR, created.ids[0]!);
}

describe.each(owned.map((entity) => [entity.name, entity] as const))(
  'supplier B and supplier A’s %s',
  (_name, entity) => {
    let row: Row;
    let id: number;
    const api = (action: string) => `${entity.apiPath}/${action}`;
    const answers: string[] = [];

    beforeAll(async () => {
      row = await rowOfSupplierA(entity);
      id = row[entity.key] as number;
      expect(row[entity.ownedBy!]).toBe(supplierAId);
    });

    it('cannot find it by id', async () => {
      const answer = await supplierB.call(api('findById'), { [entity.key]: id, withHistory: true });
      answers.push(JSON.stringify(answer.body));
      expect(answer.httpStatus).toBe(404);
    });

    it('cannot list it, by key, by owner or at all', async () => {
      for (const filter of [{ [entity.key]: id }, { [entity.ownedBy!]: supplierAId }, { pageRows: 500 }]) {
        const answer = await supplierB.call<Row[]>(api('listByPage'), filter);
        answers.push(JSON.stringify(answer.body));
        // Refused outright when supplier B's menus do not grant the entity (403) or the owner is
        // not a filter of the entity (400, nothing answered); else only B's rows.
        if (answer.httpStatus === 403) continue;
        if (answer.httpStatus === 400) {
          expect(answer.body.data ?? []).toEqual([]);
          continue;
        }
        expect(answer.body.status, answer.body.msg).toBe('S');
        expect(answer.body.data.filter((other) => other[entity.ownedBy!] === supplierAId)).toEqual([]);
      }
    });

    it('cannot see its lines', async () => {
      for (const line of Object.values(entity.lines)) {
        const answer = await supplierB.call<Row[]>(`${line.apiPath}/listByPage`, {
          [line.parent!.field]: id,
        });
        answers.push(JSON.stringify(answer.body));
        expect(answer.body.data ?? []).toEqual([]);
      }
    });

    it('cannot update, delete or act on it', async () => {
      const writes: [string, Row][] = [
        ['saveOrUpdate', { [entity.key]: id, versionNum: row.versionNum }],
        ['delete', { [entity.key]: id }],
        ['doBatchDelete', { ids: [id] }],
        ...Object.keys(entity.workflow?.actions ?? {}).map((action): [string, Row] => [
          action,
          { [entity.key]: id, comment: 'x' },
        ]),
      ];
      for (const [action, body] of writes) {
        const answer = await supplierB.call(api(action), body);
        answers.push(JSON.stringify(answer.body));
        expect([403, 404], `${action}: ${answer.body.msg}`).toContain(answer.httpStatus);
      }
      const after = await server.runtime.service(entity.name).find(SYSTEM_ACTOR, id);
      expect(after.versionNum).toBe(row.versionNum);
    });

    it('never receives any of its data in an answer', () => {
      for (const answer of answers) expect(answer).not.toContain(supplierAName);
    });
  },
);
