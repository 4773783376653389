// Daily management: an entry is dated today or earlier; a proposed score comes with its reason and
// only with the flag; a confirmed entry is kept as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';

type Row = Record<string, unknown>;
const DAILY = (action: string) => api('srmSupplierDaily', action);

let server: TestServer;
let entry: Row;

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations'),
  });
  const supplier = await server.post<Row>(api('srmSupplierInfo', 'saveOrUpdate'), {
    supplierName: '嘉善县永固标准件有限公司',
    creditCode: '91330421MA2JD8PW15',
    contactName: '沈强',
    contactMobile: '13957310026',
    contactEmail: 'shenqiang@yonggu-bzj.example.cn',
  });
  expect(supplier.body.status, supplier.body.msg).toBe('S');
  const org = await server.first<Row>('srmBaseOrg', { orgCode: 'OU100' });
  entry = {
    supplierId: supplier.body.data.supplierId,
    orgId: org.orgId,
    eventDate: dayIn(server.clock.now(), server.runtime.timeZone),
    eventType: 'COMPLAINT',
    subject: '来料包装破损',
    content: '11 月 25 日到货 3 箱外包装破损，内件无损。',
  };
});
afterAll(async () => {
  await server?.close();
});

describe('a daily management entry', () => {
  it('is dated today or earlier', async () => {
    const ahead = await server.post(DAILY('saveOrUpdate'), {
      ...entry,
      eventDate: addDays(String(entry.eventDate), 1),
    });
    expect([ahead.httpStatus, ahead.body.msg]).toEqual([400, '发生日期：发生日期不能晚于今天']);
    const today = await server.post<Row>(DAILY('saveOrUpdate'), entry);
    expect(today.body.status, today.body.msg).toBe('S');
    expect(today.body.data.dailyNum).toMatch(/^DM\d{12}$/);
  });

  it('proposes a score only with the flag, and with its reason', async () => {
    const cases: [Row, string][] = [
      [{ proposedScore: 80 }, '建议分数：未勾选“建议绩效评分”时不填写建议分数'],
      [{ proposeScoreFlag: 'Y' }, '建议分数：建议绩效评分时请填写建议分数'],
      [{ proposeScoreFlag: 'Y', proposedScore: 80 }, '评分理由：建议绩效评分时请填写评分理由'],
    ];
    for (const [extra, message] of cases) {
      const refused = await server.post(DAILY('saveOrUpdate'), { ...entry, ...extra });
      expect([refused.httpStatus, refused.body.msg]).toEqual([400, message]);
    }
    const over = await server.post(DAILY('saveOrUpdate'), {
      ...entry,
      proposeScoreFlag: 'Y',
      proposedScore: 100.5,
      scoreReason: '超出',
    });
    expect([over.httpStatus, over.body.status]).toEqual([400, 'E']);
    const saved = await server.post<Row>(DAILY('saveOrUpdate'), {
      ...entry,
      proposeScoreFlag: 'Y',
      proposedScore: 72.25,
      scoreReason: '包装问题反复出现',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(saved.body.data.proposedScore).toBe(72.25);
  });

  it('is kept as written once confirmed', async () => {
    const saved = await server.post<Row>(DAILY('saveOrUpdate'), {
      ...entry,
      subject: '年度审核记录',
      eventType: 'AUDIT',
    });
    const dailyId = Number(saved.body.data.dailyId);
    const confirmed = await server.post(DAILY('doConfirm'), { ids: [dailyId] });
    expect(confirmed.body.status, confirmed.body.msg).toBe('S');
    const found = await server.post<Row>(DAILY('findById'), { dailyId });
    const edited = await server.post(DAILY('saveOrUpdate'), { ...found.body.data, subject: '改写' });
    expect([edited.httpStatus, edited.body.status]).toEqual([400, 'E']);
    expect(edited.body.msg).toMatch(/不可修改/);
    const removed = await server.post(DAILY('delete'), { ids: [dailyId] });
    expect(removed.body.status).toBe('E');
  });
});
