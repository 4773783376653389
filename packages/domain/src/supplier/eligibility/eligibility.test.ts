// Eligibility and what feeds it, on the demo data with the test clock: a certificate expiring on
// D is valid on D and blocks from D+1; the expiry program reminds once per threshold, suspends
// the lines whose mandatory certificate lapsed (history, reason naming the certificate) and a
// renewal saved resumes them; a blacklist entry blocks what its scope says until the relieve
// program lifts it on its date; a supplier that quit may still be paid; the batch answers as the
// single form does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executable, SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import { api, runExecutable, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { credentialExpiry, reviewCertificateLines } from '../supplier-credential/credential-expiry';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { relieveBlacklist } from '../supplier-blacklist/supplier-blacklist.actions';
import { supplierBlacklist } from '../supplier-blacklist/supplier-blacklist.entity';
import { supplierSeeds } from '../server';
import { type EligibilityQuery, type Purpose, eligibility, eligibilityBatch } from './eligibility';
import { useOneApprover } from '../../domain.testing';

type Row = Record<string, unknown>;
let server: TestServer;
const ids: Record<string, number> = {};
let seededOn: string;

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories', 'items'),
      ...supplierSeeds,
    ],
  });
  seededOn = dayIn(server.clock.now(), server.runtime.timeZone);
  await useOneApprover(server);
  for (const [key, entity, filter] of [
    ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
    ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
    ['C', 'srmSupplierInfo', { creditCode: '91320412MA1XK5TP2X' }],
    ['0201', 'srmBaseCategory', { categoryCode: '0201' }],
    ['0203', 'srmBaseCategory', { categoryCode: '0203' }],
    ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
    ['0101', 'srmBaseCategory', { categoryCode: '0101' }],
    ['OU100', 'srmBaseOrg', { orgCode: 'OU100' }],
    ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
    ['P110', 'srmBaseOrg', { orgCode: 'P110' }],
  ] as const) {
    const row = await server.first<Row>(entity, filter);
    ids[key] = Number(row[server.runtime.registry.get(entity).key]);
  }
});
afterAll(async () => server?.close());

const context = () => ({
  actor: SYSTEM_ACTOR,
  runtime: server.runtime,
  tx: server.runtime.executor(),
  now: server.clock.now(),
});

const sheetMetalA = (): EligibilityQuery => ({
  supplierId: ids.A!,
  categoryId: ids['0201'],
  orgId: ids.P110!,
});
const fastenersA = (): EligibilityQuery => ({
  supplierId: ids.A!,
  categoryId: ids['0203'],
  orgId: ids.P110!,
});

const run = (program: Executable, params: Row = {}) => runExecutable(server, program, { params });

async function lineOf(supplierId: number, categoryId: number, orgId: number): Promise<Row> {
  return server.first<Row>('srmSupplierCategoryOrg', { supplierId, categoryId, orgId });
}

describe('certificates and eligibility', () => {
  it('holds a certificate valid through its last day and blocks from the next, naming it, for INVITE and ORDER', async () => {
    // IATF 16949 of supplier A expires five days after the demo was made; sheet metal for the
    // Suzhou operating unit requires it, fasteners do not.
    const expiry = addDays(seededOn, 5);
    expect((await eligibility(context(), sheetMetalA(), 'ORDER', expiry)).verdict).toBe('ALLOW');
    for (const purpose of ['ORDER', 'INVITE'] as Purpose[]) {
      const after = await eligibility(context(), sheetMetalA(), purpose, addDays(expiry, 1));
      expect(after.verdict).toBe('BLOCK');
      expect(after.reasons).toEqual([
        expect.objectContaining({
          level: 'BLOCK',
          message: 'srmSupplierSupply.certExpired',
          params: expect.objectContaining({ type: 'IATF16949', number: 'IATF-0432198', expiryDate: expiry }),
          document: expect.objectContaining({ entity: 'srmSupplierCredential', number: 'IATF-0432198' }),
        }),
      ]);
    }
    expect((await eligibility(context(), fastenersA(), 'ORDER', addDays(expiry, 1))).verdict).toBe('ALLOW');
    // Receiving what was ordered goes on, with a warning.
    expect((await eligibility(context(), sheetMetalA(), 'RECEIVE', addDays(expiry, 1))).verdict).toBe('WARN');
  });

  it('reminds once per threshold, suspends on D+1 with the certificate named, and resumes on renewal', async () => {
    const first = await run(credentialExpiry, { reminderDays: '60,30,7' });
    // ISO 9001 (40 days: the 60-day reminder) and IATF 16949 (5 days: the 7-day one), in one message.
    expect(first).toBe('2 reminded, 0 lines suspended, 0 resumed');
    expect(await run(credentialExpiry, { reminderDays: '60,30,7' })).toBe(
      '0 reminded, 0 lines suspended, 0 resumed',
    );
    const messages = await server.runtime
      .executor()
      .execute(
        `select title_zh, content_zh from base_site_message m join base_user u on u.user_id = m.user_id where u.user_name = 'sup_a' and m.source = 'SUPPLIER_CREDENTIAL_EXPIRING'`,
      );
    const rows = (Array.isArray(messages) ? messages : (messages as { rows: Row[] }).rows) as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title_zh).toBe('资质证书即将到期（7 天内）');
    expect(String(rows[0]!.content_zh)).toContain('IATF-0432198');

    server.clock.travel(6 * 86_400_000);
    expect(await run(credentialExpiry)).toBe('0 reminded, 1 lines suspended, 0 resumed');
    const line = await lineOf(ids.A!, ids['0201']!, ids.OU100!);
    expect(line).toMatchObject({ status: 'SUSPENDED', suspendCause: 'CERT_EXPIRY' });
    expect(String(line.suspendReason)).toBe(
      `IATF 16949 汽车质量管理体系（IATF-0432198）已于 ${addDays(seededOn, 5)} 到期`,
    );
    const blocked = await eligibility(context(), sheetMetalA(), 'ORDER');
    expect(blocked.verdict).toBe('BLOCK');
    expect(blocked.reasons.map((reason) => reason.message)).toEqual([
      'srmSupplierSupply.lineSuspended',
      'srmSupplierSupply.certExpired',
    ]);
    // The supplier is still qualified: a suspension is not a disqualification.
    expect((await server.first<Row>('srmSupplierInfo', { supplierId: ids.A })).status).toBe('QUALIFIED');

    // The renewal, approved through change info, resumes the line at once.
    const opened = await server.post<Row>(api('srmSupplierChange', 'saveOrUpdate'), {
      supplierId: ids.A,
      changeReason: 'IATF 16949 证书换证',
    });
    expect(opened.body.status, opened.body.msg).toBe('S');
    const change = opened.body.data;
    const credentials = (change.credentials as Row[]).map((row) => {
      const sent = {
        changeCredentialId: row.changeCredentialId,
        credentialType: row.credentialType,
        credentialNumber: row.credentialNumber,
        issuingAuthority: row.issuingAuthority,
        issueDate: row.issueDate,
        expiryDate: row.expiryDate,
        longTermFlag: row.longTermFlag,
      };
      return row.credentialType === 'IATF16949'
        ? {
            ...sent,
            credentialNumber: 'IATF-0561177',
            issueDate: addDays(seededOn, 4),
            expiryDate: addDays(seededOn, 1100),
          }
        : sent;
    });
    const saved = await server.post<Row>(api('srmSupplierChange', 'saveOrUpdate'), {
      changeId: change.changeId,
      versionNum: change.versionNum,
      credentials,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const submitted = await server.post(api('srmSupplierChange', 'doSubmit'), {
      changeId: change.changeId,
      versionNum: saved.body.data.versionNum,
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    // Until approval the expired certificate stays on file, and the line suspended.
    expect(await lineOf(ids.A!, ids['0201']!, ids.OU100!)).toMatchObject({ status: 'SUSPENDED' });
    await decideAll(server.runtime, 'srmSupplierChange', change.changeId as number, 'approve');
    expect(await lineOf(ids.A!, ids['0201']!, ids.OU100!)).toMatchObject({
      status: 'QUALIFIED',
      suspendCause: null,
    });
    expect((await eligibility(context(), sheetMetalA(), 'ORDER')).verdict).toBe('ALLOW');
    const history = await server.post<Row[]>(api('srmSupplierCategoryOrgHistory', 'listByPage'), {
      categoryOrgId: line.categoryOrgId,
    });
    expect(history.body.data.map((row) => [row.fromStatus, row.toStatus, row.changeSource])).toEqual([
      ['SUSPENDED', 'QUALIFIED', 'CERT_RENEWAL'],
      ['QUALIFIED', 'SUSPENDED', 'CERT_EXPIRY'],
      [null, 'INTRODUCING', 'MANUAL'],
    ]);
    expect(await run(credentialExpiry)).toBe('0 reminded, 0 lines suspended, 0 resumed');
  });
});

describe('blacklist, quit and the batch', () => {
  it('blocks what the entry’s scope says until the relieve program lifts it on its date', async () => {
    const today = dayIn(server.clock.now(), server.runtime.timeZone);
    const data = dataApi(context(), 'test');
    const saved = await data.save(supplierBlacklist, {
      supplierId: ids.B!,
      relieveDate: addDays(today, 2),
      scopeSourcing: 'Y',
      scopeOrder: 'N',
      scopePayment: 'N',
      publicReason: '围标串标',
    });
    const b = { supplierId: ids.B!, categoryId: ids['0101'], orgId: ids.OU200! };
    expect((await eligibility(context(), b, 'INVITE')).verdict).not.toBe('BLOCK');
    await server.runtime.transaction(async (tx) => {
      const inTx = dataApi({ ...context(), tx }, 'test');
      // The approval process's last step, as the engine takes it (its template is data).
      await server.runtime
        .service(supplierBlacklist.name)
        .writeSystemFields(SYSTEM_ACTOR, saved.blacklistId, { status: 'APPROVING' }, 'test');
      await inTx.act(supplierBlacklist, 'doApproval', [saved.blacklistId]);
    });
    const invite = await eligibility(context(), b, 'INVITE');
    expect(invite.verdict).toBe('BLOCK');
    expect(invite.reasons[0]).toMatchObject({
      message: 'srmSupplierSupply.blacklisted',
      document: { entity: 'srmSupplierBlacklist', number: saved.blacklistNum },
    });
    // Orders and payments are outside this entry's scope.
    expect((await eligibility(context(), b, 'ORDER')).reasons.map((r) => r.message)).not.toContain(
      'srmSupplierSupply.blacklisted',
    );
    expect((await eligibility(context(), b, 'PAY')).verdict).toBe('ALLOW');
    expect(await run(relieveBlacklist)).toBe('0 relieved');
    server.clock.travel(2 * 86_400_000);
    expect(await run(relieveBlacklist)).toBe('1 relieved');
    expect((await server.first<Row>('srmSupplierBlacklist', { blacklistId: saved.blacklistId })).status).toBe(
      'RELIEVED',
    );
    expect((await server.first<Row>('srmSupplierInfo', { supplierId: ids.B })).blacklistFlag).toBe('N');
    expect((await eligibility(context(), b, 'INVITE')).reasons.map((r) => r.message)).not.toContain(
      'srmSupplierSupply.blacklisted',
    );
  });

  it('lets a supplier that quit be paid, warns on receipts and blocks orders; its lines quit with it', async () => {
    const c = { supplierId: ids.C!, categoryId: ids['0301'], orgId: ids.OU100! };
    const quit = await server.post<Row[]>(api('srmSupplierInfo', 'doQuit'), {
      supplierId: ids.C,
      comment: '经营范围调整，不再供货',
    });
    expect(quit.body.data[0]!.status).toBe('QUIT');
    expect((await lineOf(ids.C!, ids['0301']!, ids.OU100!)).status).toBe('QUIT');
    expect((await eligibility(context(), c, 'ORDER')).reasons[0]!.message).toBe(
      'srmSupplierSupply.supplierQuit',
    );
    expect((await eligibility(context(), c, 'PAY')).verdict).toBe('ALLOW');
    // A line cannot be added for it.
    const line = await server.post(api('srmSupplierCategoryOrg', 'saveOrUpdate'), {
      supplierId: ids.C,
      categoryId: ids['0201'],
      orgId: ids.OU100,
    });
    expect([line.httpStatus, line.body.status]).toEqual([400, 'E']);
  });

  it('answers a batch as the single form does, in order', async () => {
    const queries: EligibilityQuery[] = [
      sheetMetalA(),
      fastenersA(),
      { supplierId: ids.B!, categoryId: ids['0101'], orgId: ids.OU200! },
      { supplierId: ids.C!, categoryId: ids['0301'], orgId: ids.OU100! },
      { supplierId: 987_654_321, categoryId: ids['0101'], orgId: ids.OU200! },
      { supplierId: ids.A!, categoryId: ids['0101'], orgId: ids.OU100! },
    ];
    const batch = await eligibilityBatch(context(), queries, 'ORDER');
    const single = await Promise.all(queries.map((query) => eligibility(context(), query, 'ORDER')));
    expect(batch).toEqual(single);
    expect(batch.map((answer) => answer.verdict)).toEqual([
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'BLOCK',
      'BLOCK',
      'BLOCK',
    ]);
  });
});

describe('certificates on file however they were entered', () => {
  it('lapses a certificate stored without the long-term flag, and does not resume a line when the lapsed certificate is deleted', async () => {
    const db = server.runtime.executor();
    const today = dayIn(server.clock.now(), server.runtime.timeZone);
    // Supplier B's ISO 9001 (required for electronic components and mechanical parts) as an import
    // might leave it: no long-term flag at all, expired yesterday. Its lines for electronics in
    // both operating units and for fasteners in Suzhou lapse with it.
    await db.execute(
      `update srm_supplier_credential set long_term_flag = null, expiry_date = '${addDays(today, -1)}'
        where supplier_id = ${ids.B} and credential_type = 'ISO9001'`,
    );
    const review = () =>
      server.runtime.transaction((tx) =>
        reviewCertificateLines(dataApi({ ...context(), tx }, 'test').system('test'), today),
      );
    expect(await review()).toEqual({ suspended: 3, resumed: 0 });
    expect(
      await lineOf(
        ids.B!,
        Number((await server.first<Row>('srmBaseCategory', { categoryCode: '01' })).categoryId),
        ids.OU200!,
      ),
    ).toMatchObject({
      status: 'SUSPENDED',
      suspendCause: 'CERT_EXPIRY',
    });
    // Deleting the lapsed certificate is not a renewal: the lines stay suspended.
    await db.execute(
      `delete from srm_supplier_credential where supplier_id = ${ids.B} and credential_type = 'ISO9001'`,
    );
    expect(await review()).toEqual({ suspended: 0, resumed: 0 });
    const missing = await eligibility(
      context(),
      { supplierId: ids.B!, categoryId: ids['0101'], orgId: ids.OU200! },
      'ORDER',
    );
    expect(missing.reasons.map((reason) => reason.message)).toEqual([
      'srmSupplierSupply.lineSuspended',
      'srmSupplierSupply.certMissing',
    ]);
  });
});

describe('the batch form for lists of suppliers', () => {
  const list = (body: Row, options: { language?: 'CN' | 'EN'; actor?: Row } = {}) =>
    server.post<Row[]>(api('srmSupplierCategoryOrg', 'listEligibility'), body, options);

  it('answers every supplier to choose from with its verdict and reasons, the allowed first', async () => {
    const answer = await list({ orgId: ids.P110, categoryId: ids['0203'], purpose: 'ORDER' });
    expect(answer.body.status, answer.body.msg).toBe('S');
    const rows = answer.body.data;
    const verdicts = rows.map((row) => row.verdict);
    expect(verdicts).toEqual(
      [...verdicts].sort(
        (a, b) =>
          ['ALLOW', 'WARN', 'BLOCK'].indexOf(String(a)) - ['ALLOW', 'WARN', 'BLOCK'].indexOf(String(b)),
      ),
    );
    const a = rows.find((row) => row.supplierId === ids.A)!;
    expect(a).toMatchObject({ verdict: 'ALLOW', reasons: [] });
    // The others are refused with their reasons (which ones depends on the tests before).
    const blocked = rows.filter((row) => row.verdict === 'BLOCK');
    expect(blocked.length).toBeGreaterThan(0);
    for (const row of blocked) expect(String((row.reasons as Row[])[0]!.text)).toMatch(/^供应商 /);
    // Suppliers that quit are not offered at all.
    expect(rows.every((row) => row.supplierName !== '上海明达工业服务有限公司')).toBe(true);
    // Narrowed by a keyword or by ids, and in English.
    const byName = await list({
      orgId: ids.P110,
      categoryId: ids['0203'],
      purpose: 'ORDER',
      keyword: '恒达',
    });
    expect(byName.body.data.map((row) => row.supplierId)).toEqual([ids.A]);
    const english = await list(
      { orgId: ids.P110, categoryId: ids['0203'], purpose: 'ORDER', supplierIds: [blocked[0]!.supplierId] },
      { language: 'EN' },
    );
    expect(english.body.data.map((row) => row.supplierId)).toEqual([blocked[0]!.supplierId]);
    expect(String((english.body.data[0]!.reasons as Row[])[0]!.text)).toMatch(/^Supplier /);
  });

  it('needs a category or a material, and is not a supplier’s to ask', async () => {
    const bare = await list({ orgId: ids.P110, purpose: 'INVITE' });
    expect([bare.httpStatus, bare.body.msg]).toEqual([400, '请指定采购品类或物料']);
    const wrong = await list({ orgId: ids.P110, categoryId: ids['0203'], purpose: 'BUY' });
    expect(wrong.httpStatus).toBe(400);
    const supplier = await list(
      { orgId: ids.P110, categoryId: ids['0203'], purpose: 'ORDER' },
      { actor: { userId: 9001, userName: 'sup1', side: 'supplier', supplierId: ids.A } },
    );
    expect(supplier.httpStatus).toBe(403);
  });
});
