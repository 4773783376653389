// 工商信息核验 of a supplier, against the stand-in business register on loopback: its legal data
// beside the register's record of its credit code, each item the same or not; and what its
// business licence file says, read by the service (营业执照识别) — the register's data, another
// company's licence (its code named), or a file the service cannot read. Internal users only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBusinessInfoProvider, SYSTEM_ACTOR, dataApi } from '@srm/platform';
import {
  type BusinessInfoPeer,
  api,
  startBusinessInfoPeer,
  startTestServer,
  type TestServer,
  uploadFile,
} from '@srm/platform/testing';
import { domainSeeds, serverAreas } from '../../areas.server';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';

type Row = Record<string, unknown>;
type Checked = { licence: string; licenceCode: string | null; trading: boolean; fields: Row[] };
const HENGDA = '91320505MA1NH7QX3R';

let server: TestServer;
let register: BusinessInfoPeer;
let supplierId = 0;
/** A photo of a licence as the stand-in reads it: a PNG whose bytes carry the licence's text. */
const photo = (text: string) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(text)]);

/** 恒达's business licence credential now holds this file. */
async function licenceFile(text: string): Promise<void> {
  const fileId = await uploadFile(server, '营业执照.png', photo(text));
  await server.runtime.transaction(async (tx) => {
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
      'test',
    );
    const [licence] = await data.list(supplierCredential, { supplierId, credentialType: 'BUSINESS_LICENCE' });
    await data.patch(supplierCredential, licence!.supplierCredentialId, { attachmentIds: String(fileId) });
  });
}
const check = () => server.post<Checked>(api('srmSupplierInfo', 'checkBusinessInfo'), { supplierId });

beforeAll(async () => {
  register = await startBusinessInfoPeer([
    {
      creditCode: HENGDA,
      companyName: '苏州恒达精密五金有限公司',
      legalPerson: '王建国',
      registeredCapital: 10000000,
      capitalCurrency: 'CNY',
      establishDate: '2016-04-20',
      address: '江苏省苏州市高新区珠江路 88 号',
      businessScope: '精密五金件、紧固件的制造与销售',
      registrationStatus: '存续',
    },
    {
      creditCode: '91330212MA2GQ3RT8L',
      companyName: '宁波瑞丰电子科技有限公司',
      legalPerson: '周瑞丰',
      registeredCapital: 3000000,
      capitalCurrency: 'CNY',
      establishDate: '2018-01-10',
      address: '浙江省宁波市北仑区',
      businessScope: '电子元器件',
      registrationStatus: '注销',
    },
  ]);
  server = await startTestServer({
    areas: serverAreas,
    seeds: domainSeeds,
    businessInfo: new HttpBusinessInfoProvider({ url: register.url, appKey: register.appKey }),
  });
  supplierId = Number((await server.first<Row>('srmSupplierInfo', { creditCode: HENGDA })).supplierId);
});
afterAll(async () => {
  await server?.close();
  await register?.close();
});

describe('工商信息核验 of a supplier', () => {
  it('compares the master with the register and reads its licence', async () => {
    const master = (await server.post<Row>(api('srmSupplierInfo', 'findById'), { supplierId })).body.data;
    const plain = await check();
    expect(plain.body.status, plain.body.msg).toBe('S');
    // No licence file yet: the register only.
    expect(plain.body.data).toMatchObject({ licence: 'none', trading: true });
    const byField = Object.fromEntries(plain.body.data.fields.map((row) => [row.field, row]));
    expect(byField.companyName).toMatchObject({ ours: master.supplierName, same: true });
    expect(byField.legalPerson).toMatchObject({ register: '王建国', same: master.legalPerson === '王建国' });

    // Its licence, read by the service: the register's data in a third column.
    await licenceFile(`营业执照 统一社会信用代码 ${HENGDA} 苏州恒达精密五金有限公司`);
    const read = await check();
    expect(read.body.data).toMatchObject({ licence: 'read', licenceCode: HENGDA });
    expect(read.body.data.fields.find((row) => row.field === 'legalPerson')).toMatchObject({
      licence: '王建国',
    });
    expect(register.asked).toContain('/v1/licences/recognize');

    // Another company's licence: its code is named for the buyer to see.
    await licenceFile('营业执照 统一社会信用代码 91330212MA2GQ3RT8L 宁波瑞丰电子科技有限公司');
    expect((await check()).body.data).toMatchObject({ licence: 'read', licenceCode: '91330212MA2GQ3RT8L' });
    // A photo the service cannot read.
    await licenceFile('模糊的照片');
    expect((await check()).body.data).toMatchObject({ licence: 'unreadable', licenceCode: null });
  });

  it('is for internal users only', async () => {
    const asSupplier = await server.post(
      api('srmSupplierInfo', 'checkBusinessInfo'),
      { supplierId },
      { actor: { side: 'supplier', supplierId, userId: 999 } },
    );
    expect(asSupplier.httpStatus).toBe(403);
  });
});
