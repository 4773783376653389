// Supplier credentials: a certificate expiring on D is valid on D and invalid from D+1 in the
// platform's time zone; every credential has an expiry date or is long-term valid, never neither
// nor both, and does not expire before it was issued; the demo supplier A has certificates
// expiring in 5 and 40 days; a supplier reads its own credentials, cannot change them, and never
// sees another supplier's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCreditCodeCheck } from '@srm/kernel';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { supplierSeeds } from '../server';
import {
  type CredentialDates,
  addDays,
  credentialValidOn,
  dayIn,
  daysToExpiry,
} from './supplier-credential.validity';

type Credential = Record<string, unknown> & CredentialDates & { credentialType: string };
type Row = Record<string, unknown> & { credentials?: Credential[] };
type Supplier = Row & { supplierId: number };

describe('the validity of a credential', () => {
  it('is valid through its expiry day and invalid from the day after, in the platform zone', () => {
    const iso = { expiryDate: '2026-12-01', longTermFlag: 'N' };
    expect(credentialValidOn(iso, '2026-11-30')).toBe(true);
    expect(credentialValidOn(iso, '2026-12-01')).toBe(true);
    expect(credentialValidOn(iso, '2026-12-02')).toBe(false);
    expect(daysToExpiry(iso, '2026-11-26')).toBe(5);
    expect(daysToExpiry(iso, '2026-12-01')).toBe(0);
    expect(daysToExpiry(iso, '2026-12-03')).toBe(-2);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysToExpiry({ expiryDate: addDays('2026-11-26', 40) }, '2026-11-26')).toBe(40);
    // 16:30 UTC on the expiry day is already the next day in Shanghai: expired there.
    const late = new Date('2026-12-01T16:30:00Z');
    expect(credentialValidOn(iso, dayIn(late, 'Asia/Shanghai'))).toBe(false);
    expect(credentialValidOn(iso, dayIn(late, 'Europe/Berlin'))).toBe(true);
    expect(credentialValidOn({ longTermFlag: 'Y' }, '2099-01-01')).toBe(true);
    expect(daysToExpiry({ longTermFlag: 'Y' }, '2026-11-26')).toBeNull();
    expect(credentialValidOn({ longTermFlag: 'N' }, '2026-11-26')).toBe(false);
  });
});

describe('credentials on the supplier master', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      areas: serverAreas,
      seeds: [
        ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories'),
        ...supplierSeeds,
      ],
    });
  });
  afterAll(async () => server?.close());

  const supplierA = () => server.first<Supplier>('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  const findSupplier = async (supplierId: unknown, actor?: ReturnType<typeof supplierUser>) =>
    server.post<Row>(api('srmSupplierInfo', 'findById'), { supplierId }, actor ? { actor } : {});

  it('gives supplier A a long-term licence and certificates expiring in 5 and 40 days', async () => {
    const a = await supplierA();
    const found = await findSupplier(a.supplierId);
    const today = dayIn(new Date(), server.runtime.timeZone);
    const byType = Object.fromEntries(
      found.body.data.credentials!.map((row) => [row.credentialType, daysToExpiry(row, today)]),
    );
    expect(byType).toEqual({ BUSINESS_LICENCE: null, ISO9001: 40, IATF16949: 5 });
  });

  it('refuses a credential without an end, with both an end and long-term, or ending before it began', async () => {
    const base = {
      supplierName: '镇江华通模具有限公司',
      creditCode: withCreditCodeCheck('91321100MA1P5RT7X'),
      contactName: '钱伟',
      contactMobile: '13952910033',
      contactEmail: 'qianwei@huatong-mould.example.cn',
    };
    const credential = {
      credentialType: 'ISO9001',
      credentialNumber: 'CQC-9001-118',
      issueDate: '2025-03-01',
    };
    const cases: [Row, string, 'CN' | 'EN'][] = [
      [credential, '请填写有效期至，或勾选长期有效', 'CN'],
      [{ ...credential, longTermFlag: 'Y', expiryDate: '2028-02-28' }, '长期有效的证书不填写有效期至', 'CN'],
      [{ ...credential, expiryDate: '2025-02-28' }, '有效期至不能早于发证日期', 'CN'],
      [{ ...credential, expiryDate: '2025-02-28' }, 'Valid until cannot be before the issue date', 'EN'],
    ];
    const before = await server.count('srm_supplier_credential');
    for (const [line, message, language] of cases) {
      const answer = await server.post(
        api('srmSupplierInfo', 'saveOrUpdate'),
        { ...base, credentials: [line] },
        { language },
      );
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.status).toBe('E');
      expect(answer.body.msg).toContain(message);
    }
    expect(await server.count('srm_supplier_credential')).toBe(before);
    const saved = await server.post<Row>(api('srmSupplierInfo', 'saveOrUpdate'), {
      ...base,
      credentials: [
        { ...credential, expiryDate: '2028-02-28' },
        { credentialType: 'BUSINESS_LICENCE', credentialNumber: base.creditCode, longTermFlag: 'Y' },
      ],
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
  });

  it('lets a supplier read its own credentials, not change them, and not see another supplier’s', async () => {
    const a = await supplierA();
    const b = await server.first<Supplier>('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' });
    const asA = supplierUser(a.supplierId);
    const own = await findSupplier(a.supplierId, asA);
    expect(own.body.status, own.body.msg).toBe('S');
    expect(own.body.data.credentials!.length).toBe(3);
    const iso = own.body.data.credentials!.find((row) => row.credentialType === 'ISO9001')!;
    const changed = await server.post(
      api('srmSupplierInfo', 'saveOrUpdate'),
      {
        supplierId: a.supplierId,
        versionNum: own.body.data.versionNum,
        credentials: own.body.data.credentials!.map((row) => ({
          supplierCredentialId: row.supplierCredentialId,
          versionNum: row.versionNum,
          ...(row === iso ? { expiryDate: '2099-12-31' } : {}),
        })),
      },
      { actor: asA },
    );
    expect(changed.body.status).toBe('E');
    const after = await findSupplier(a.supplierId);
    expect(after.body.data.credentials!.find((row) => row.credentialType === 'ISO9001')!.expiryDate).toBe(
      iso.expiryDate,
    );
    const other = await findSupplier(b.supplierId, asA);
    expect(other.body.status).toBe('E');
    expect(JSON.stringify(other.body)).not.toContain('SGS-RH-25-7781');
    const lines = await server.post<Row[]>(
      api('srmSupplierCredential', 'listByPage'),
      { supplierId: b.supplierId, pageRows: 50 },
      { actor: asA },
    );
    expect(JSON.stringify(lines.body)).not.toContain('SGS-RH-25-7781');
  });
});
