// Agreements signed at an external e-sign provider with the contract module's organisation sign
// accounts: the stand-in provider runs over HTTP beside a real server configured with its client.
// An agreement sent then is signed there: the buyer's acceptance of the supplier's edited clause
// renders the agreed text as a PDF and starts the provider's flow (SIGNING); only each party's
// seal keeper gets the provider's page; the provider's callbacks sign the agreement once both have
// sealed it, with the signed PDF verifying and readable by both sides. A forged callback is
// refused, a replayed one changes nothing, a signed PDF that does not verify is not taken,
// cancelling cancels the flow, and the other supplier learns nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCreditCodeCheck } from '@srm/kernel';
import { HttpEsignProvider, verifyPdf } from '@srm/platform';
import { type EsignPeer, readPdf, startEsignPeer } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { contractFiles } from '../contract-files.testing';

type Row = Record<string, unknown>;
type Clause = Row & { signClauseId: number; clauseNo: string };
type Sign = Row & { agreementSignId: number; versionNum: number; status: string; clauses: Clause[] };

let peer: EsignPeer | undefined;
const provider = () =>
  new HttpEsignProvider({ url: peer!.url, appId: peer!.appId, appSecret: peer!.appSecret });
const { ids, call, ok, suppliers, server } = useProcurement({
  esign: async () => {
    peer = await startEsignPeer();
    return provider();
  },
});
afterAll(() => peer?.close());
const { download } = contractFiles(server);

const BUYER: Row = { userId: 1, userName: 'buyer1' };
const keepers = { buyer: {} as Row, supplier: {} as Row };
let templateId = 0;
let categoryId = 0;

beforeAll(async () => {
  const user = async (userName: string, extra: Row) => {
    const saved = await ok('baseUser', 'saveOrUpdate', {
      userName,
      userFullName: userName,
      email: `${userName}@example.test`,
      ...extra,
    });
    return { userId: saved.userId, userName };
  };
  keepers.buyer = await user('agr_keeper_a', { userType: 'INTERNAL' });
  keepers.supplier = {
    ...(await user('agr_keeper_b', { userType: 'EXTERNAL', supplierId: ids.supA })),
    side: 'supplier',
    supplierId: ids.supA,
  };
  for (const account of [
    {
      ownerType: 'BUYER',
      accountName: '苏州精密五金有限公司',
      orgId: ids.orgA,
      creditCode: withCreditCodeCheck('91320500MA1MC0011'),
      keepers: [{ userId: keepers.buyer.userId }],
    },
    {
      ownerType: 'SUPPLIER',
      accountName: '供应商甲公司',
      supplierId: ids.supA,
      creditCode: withCreditCodeCheck('91320500MA1MC0012'),
      keepers: [{ userId: keepers.supplier.userId }],
    },
  ]) {
    const saved = await ok('srmCctSignAccount', 'saveOrUpdate', { accountType: 'ORG', ...account });
    await ok('srmCctSignAccount', 'doActivate', { signAccountId: saved.signAccountId });
  }
  categoryId = (await server().first<{ categoryId: number }>('srmBaseCategory', { categoryCode: '0201' }))
    .categoryId;
  const template = await ok<{ agreementTemplateId: number }>('srmAgreementTemplate', 'saveOrUpdate', {
    templateCode: 'QA_ESIGN',
    templateName: '质量保证协议',
    agreementType: 'QUALITY',
    clauses: [
      { clauseNo: '1', clauseTitle: '适用范围', clauseContent: '本协议适用于乙方供应的全部物料。' },
      {
        clauseNo: '2',
        clauseTitle: '质量索赔',
        clauseContent: '因质量问题造成的损失由乙方全额承担。',
        negotiableFlag: 'Y',
      },
    ],
  });
  templateId = template.agreementTemplateId;
});

const find = (agreementSignId: number, actor?: Row) =>
  ok<Sign>('srmAgreementSign', 'findById', { agreementSignId }, actor);
const act = (action: string, sign: Sign, actor?: Row, extra: Row = {}) =>
  call(
    'srmAgreementSign',
    action,
    { agreementSignId: sign.agreementSignId, versionNum: sign.versionNum, ...extra },
    actor,
  );

/** An agreement of supplier A, sent while the provider is configured. */
async function sent(): Promise<Sign> {
  const saved = await ok<Sign>('srmAgreementSign', 'saveOrUpdate', {
    supplierId: ids.supA,
    categoryId,
    orgId: ids.orgA,
    agreementTemplateId: templateId,
    validFrom: '2027-01-01',
    validTo: '2027-12-31',
  });
  const draft = await find(saved.agreementSignId);
  const send = await act('doSend', draft);
  expect(send.body.status, send.body.msg).toBe('S');
  return find(saved.agreementSignId);
}

/** The keeper asks for its party's page and presses 签署 there. */
async function signAtProvider(agreementSignId: number, keeper: Row): Promise<void> {
  const link = await ok<{ url: string }>('srmAgreementSign', 'querySignUrl', { agreementSignId }, keeper);
  expect(link.url.startsWith(`${peer!.url}/sign/`)).toBe(true);
  expect((await peer!.signAt(link.url)).status).toBe(200);
}

const textOf = async (bytes: Uint8Array) => (await readPdf(bytes)).map((page) => page.text).join('\n');

describe('an agreement signed at an external provider', () => {
  const hook = () => `${server().url}/api/hook/v1/cct-esign`;
  /** The provider's callbacks of the first agreement, as they were posted. */
  const captured: { headers: Record<string, string>; body: string }[] = [];
  let sign: Sign;

  it('goes to SIGNING when the buyer accepts the supplier’s clause, with the agreed text as the PDF to sign', async () => {
    sign = await sent();
    expect(sign.esignFlag).toBe('Y');
    // The other supplier learns nothing of it.
    const other = await call(
      'srmAgreementSign',
      'findById',
      { agreementSignId: sign.agreementSignId },
      suppliers.b,
    );
    expect(other.httpStatus).toBe(404);
    const edited = await call(
      'srmAgreementSign',
      'saveOrUpdate',
      {
        agreementSignId: sign.agreementSignId,
        versionNum: sign.versionNum,
        clauses: sign.clauses.map((clause) => ({
          signClauseId: clause.signClauseId,
          ...(clause.clauseNo === '2'
            ? { clauseContent: '因质量问题造成的直接损失由乙方承担，上限为当批货款。' }
            : {}),
        })),
      },
      suppliers.a,
    );
    expect(edited.body.status, edited.body.msg).toBe('S');
    sign = await find(sign.agreementSignId, suppliers.a);
    expect((await act('doSubmitInternal', sign, suppliers.a)).body.status).toBe('S');
    sign = await find(sign.agreementSignId);
    expect(sign.status).toBe('SUPPLIER_EDITED');

    // Signed at the provider: accepting without signing there is refused.
    const atOnce = await act('doAccept', sign);
    expect([atOnce.httpStatus, atOnce.body.msg]).toEqual([
      422,
      '本协议通过电子签章平台签署，请使用“确认并电子签章”或“接受修改并电子签章”',
    ]);
    const accepted = await act('doAcceptSign', sign);
    expect(accepted.body.status, accepted.body.msg).toBe('S');
    sign = await find(sign.agreementSignId);
    expect([sign.status, sign.signedDate]).toEqual(['SIGNING', null]);
    expect((sign.rounds as Row[]).map((round) => round.roundAction)).toEqual([
      'SENT',
      'SUPPLIER_EDITED',
      'ACCEPTED',
    ]);
    expect(String(sign.signFlowId)).toMatch(/^flow-/);
    // The flow's id is the buyer's: the supplier sees the agreement being signed, not the flow.
    const theirs = await find(sign.agreementSignId, suppliers.a);
    expect(theirs.status).toBe('SIGNING');
    expect(theirs.signFlowId).toBeUndefined();

    const pdf = await download(theirs.signPdfIds, suppliers.a);
    expect(pdf.status).toBe(200);
    const text = await textOf(pdf.bytes);
    for (const expected of [
      '质量保证协议',
      String(sign.agreementSignNum),
      '因质量问题造成的直接损失由乙方承担，上限为当批货款。',
      '本协议适用于乙方供应的全部物料。',
      '甲方（盖章）',
      '乙方（盖章）',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('全额承担');
    expect((await provider().getFlowStatus(String(sign.signFlowId))).state).toBe('SIGNING');
  }, 120_000);

  it('gives the provider’s page to each party’s seal keeper only', async () => {
    const key = { agreementSignId: sign.agreementSignId };
    expect((await call('srmAgreementSign', 'querySignUrl', key, suppliers.b)).httpStatus).toBe(404);
    const buyer = await call('srmAgreementSign', 'querySignUrl', key, BUYER);
    expect([buyer.httpStatus, buyer.body.msg]).toEqual([
      403,
      '您不是签章账户“苏州精密五金有限公司”的印章保管人',
    ]);
    expect((await call('srmAgreementSign', 'querySignUrl', key, suppliers.a)).httpStatus).toBe(403);
  });

  it('is signed when both keepers have sealed it at the provider, with the signed PDF verifying', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url === hook() && init?.body)
        captured.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
      return original(input, init);
    }) as typeof fetch;
    try {
      await signAtProvider(sign.agreementSignId, keepers.supplier);
      const half = await find(sign.agreementSignId);
      expect([half.status, half.signedPdfIds]).toEqual(['SIGNING', null]);
      // Its party has sealed it: no second page.
      const again = await call(
        'srmAgreementSign',
        'querySignUrl',
        { agreementSignId: sign.agreementSignId },
        keepers.supplier,
      );
      expect(again.httpStatus).toBe(409);
      await signAtProvider(sign.agreementSignId, keepers.buyer);
    } finally {
      globalThis.fetch = original;
    }
    expect(captured.length).toBeGreaterThan(0);
    sign = await find(sign.agreementSignId);
    expect(sign.status).toBe('SIGNED');
    expect(sign.signedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sign.signedPdfIds).toEqual(expect.any(String));

    const sent = await download(sign.signPdfIds);
    for (const reader of [BUYER, suppliers.a as Row]) {
      const signed = await download(sign.signedPdfIds, reader);
      expect(signed.status).toBe(200);
      // The document of record is the PDF sent with the signatures appended.
      expect(signed.bytes.subarray(0, sent.bytes.length).equals(sent.bytes)).toBe(true);
      const report = await verifyPdf(signed.bytes, { trustedRoots: [...(await provider().trustedRoots())] });
      expect(report.signatures.map((signature) => signature.fieldName).sort()).toEqual([
        'party_a_seal',
        'party_b_seal',
      ]);
      for (const signature of report.signatures)
        expect(signature).toMatchObject({
          digestMatches: true,
          signatureValid: true,
          chain: expect.objectContaining({ trusted: true }),
          coverage: expect.objectContaining({ modifiedAfterSigning: false }),
        });
    }
    expect((await download(sign.signedPdfIds, suppliers.b as Row)).status).toBe(404);
  }, 120_000);

  it('refuses a forged callback and handles a replayed one once', async () => {
    const forged = await fetch(hook(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-esign-app-id': peer!.appId,
        'x-esign-timestamp': String(Date.now()),
        'x-esign-signature': '0'.repeat(64),
      },
      body: JSON.stringify({
        serialNumber: 'forged-agreement',
        kind: 'FLOW_FINISHED',
        flowId: sign.signFlowId,
        flowKey: 'x',
        at: new Date().toISOString(),
      }),
    });
    expect(forged.status).toBe(401);
    const before = await find(sign.agreementSignId);
    for (const callback of captured) {
      const replay = await fetch(hook(), { method: 'POST', headers: callback.headers, body: callback.body });
      expect(replay.status).toBe(200);
    }
    const after = await find(sign.agreementSignId);
    expect([after.versionNum, after.signedPdfIds, after.status]).toEqual([
      before.versionNum,
      before.signedPdfIds,
      'SIGNED',
    ]);
  });

  it('does not take a signed PDF from the provider that fails verification', async () => {
    let other = await sent();
    expect((await act('doConfirmSign', other, keepers.supplier)).body.status).toBe('S');
    peer!.corruptDownloads(true);
    try {
      await signAtProvider(other.agreementSignId, keepers.supplier);
      await signAtProvider(other.agreementSignId, keepers.buyer);
    } finally {
      peer!.corruptDownloads(false);
    }
    other = await find(other.agreementSignId);
    expect([other.status, other.signedPdfIds, other.signedDate]).toEqual(['SIGNING', null, null]);
  }, 120_000);

  it('starts the flow on the supplier’s confirmation too, and cancels it with the agreement', async () => {
    let other = await sent();
    const atOnce = await act('doConfirm', other, suppliers.a);
    expect(atOnce.httpStatus).toBe(422);
    const confirmed = await act('doConfirmSign', other, suppliers.a);
    expect(confirmed.body.status, confirmed.body.msg).toBe('S');
    other = await find(other.agreementSignId);
    expect(other.status).toBe('SIGNING');
    const flowId = String(other.signFlowId);
    const cancelled = await act('doCancel', other, undefined, { comment: '协议版本作废' });
    expect(cancelled.body.status, cancelled.body.msg).toBe('S');
    expect((await find(other.agreementSignId)).status).toBe('CANCELLED');
    expect((await provider().getFlowStatus(flowId)).state).toBe('CANCELLED');
  }, 120_000);
});
