// Contracts signed at an external e-sign provider: the stand-in provider runs over HTTP beside a
// real server configured with its client. Finalizing starts the provider's flow; each seal keeper
// is sent to the provider's page; the provider's signed callbacks record each party and the last
// brings the signed PDF, which verifies against the provider's root before it is stored and the
// contract takes effect. A forged callback is refused, a replayed one changes nothing, voiding
// cancels the flow, and the other supplier learns nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withCreditCodeCheck } from '@srm/kernel';
import { HttpEsignProvider, decideAll, verifyPdf } from '@srm/platform';
import { type EsignPeer, docxOf, startEsignPeer, wordParagraph, wordRun } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { afterFinalizing, contractFiles } from '../contract-files.testing';
import { srmCctSignLog } from '../esign/esign.tables';

type Row = Record<string, unknown>;

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
const { upload, download } = contractFiles(server);

const keepers = { buyer: {} as Row, supplier: {} as Row };
const units: Record<number, number> = {};

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
  keepers.buyer = await user('esign_keeper_a', { userType: 'INTERNAL' });
  keepers.supplier = {
    ...(await user('esign_keeper_b', { userType: 'EXTERNAL', supplierId: ids.supA })),
    side: 'supplier',
    supplierId: ids.supA,
  };
  units[ids.screw] = (await ok<{ uomId: number }>('srmBaseItem', 'findById', { itemId: ids.screw })).uomId;
  for (const account of [
    {
      ownerType: 'BUYER',
      accountName: '苏州精密五金有限公司',
      orgId: ids.orgA,
      creditCode: withCreditCodeCheck('91320500MA1MC0001'),
      keepers: [{ userId: keepers.buyer.userId }],
    },
    {
      ownerType: 'SUPPLIER',
      accountName: '供应商甲公司',
      supplierId: ids.supA,
      creditCode: withCreditCodeCheck('91320500MA1MC0002'),
      keepers: [{ userId: keepers.supplier.userId }],
    },
  ]) {
    const saved = await ok('srmCctSignAccount', 'saveOrUpdate', { accountType: 'ORG', ...account });
    await ok('srmCctSignAccount', 'doActivate', { signAccountId: saved.signAccountId });
  }
});

/** A contract of supplier A made from a one-page template, generated, approved and confirmed. */
async function confirmed(name: string, code: string): Promise<Row> {
  const template = await ok('srmCctTemplate', 'saveOrUpdate', {
    templateCode: `TPL-ESIGN-${code}`,
    templateName: name,
    bodyFileIds: String(
      await upload(
        `esign-${code}.docx`,
        docxOf({
          body: wordParagraph(wordRun('采购合同 {contractNumber}　甲方：{partyAName}　乙方：{partyBName}')),
        }),
      ),
    ),
  });
  await ok('srmCctTemplate', 'doSubmit', { templateId: template.templateId });
  await decideAll(server().runtime, 'srmCctTemplate', Number(template.templateId), 'approve');
  const made = await ok('srmCctContract', 'saveOrUpdate', {
    contractName: name,
    orgId: ids.orgA,
    supplierId: ids.supA,
    currencyId: ids.currency,
    templateId: template.templateId,
    effectiveFrom: '2027-01-01',
    effectiveTo: '2027-12-31',
    items: [
      { lineNum: 1, itemId: ids.screw, uomId: units[ids.screw], quantity: 500, unitPrice: 0.3, taxRate: 13 },
    ],
    stages: [{ stageNum: 1, stageName: '全款', milestone: 'SIGNING', ratio: 100 }],
  });
  const key = { contractId: made.contractId };
  await ok('srmCctContract', 'generateDocument', key);
  await ok('srmCctContract', 'doSubmit', key);
  await decideAll(server().runtime, 'srmCctContract', Number(made.contractId), 'approve');
  await ok('srmCctContract', 'doSendConfirm', key);
  await ok('srmCctContract', 'doSupplierConfirm', key, suppliers.a);
  return made;
}

/** The keeper presses 签署 on the provider's page its sign URL leads to. */
async function signAtProvider(contractId: unknown, keeper: Row): Promise<void> {
  const link = await ok<{ external: boolean; url: string; token: string | null }>(
    'srmCctContract',
    'querySignUrl',
    { contractId },
    keeper,
  );
  expect(link, JSON.stringify(link)).toMatchObject({ external: true, token: null });
  expect(link.url.startsWith(`${peer!.url}/sign/`)).toBe(true);
  expect((await peer!.signAt(link.url)).status).toBe(200);
}

const logOf = async (contractId: unknown) =>
  (
    await server()
      .database.db.select()
      .from(srmCctSignLog)
      .where(eq(srmCctSignLog.contractId, Number(contractId)))
  ).map((row) => row.event);

describe('a contract signed at an external provider', () => {
  it('starts the flow on finalizing, records each party from the callbacks, and stores the signed PDF once it verifies', async () => {
    const made = await confirmed('外部签章合同', '1');
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doFinalize', key);
    await afterFinalizing(server(), made.contractId);
    const signing = await ok('srmCctContract', 'findById', key);
    expect(signing.status).toBe('SIGNING');
    expect(String(signing.signFlowId)).toMatch(/^flow-/);
    // The flow's id is the buyer's: a supplier does not see it.
    expect((await ok('srmCctContract', 'findById', key, suppliers.a)).signFlowId).toBeUndefined();
    // The other supplier learns nothing, and the internal code path is closed for this contract.
    expect((await call('srmCctContract', 'querySignUrl', key, suppliers.b)).httpStatus).toBe(404);
    const code = await call(
      'srmCctContract',
      'sendSignCode',
      { ...key, token: 'x'.repeat(20) },
      keepers.supplier,
    );
    expect(code.httpStatus, code.body.msg).toBe(409);
    expect(code.body.msg).toContain('电子签章平台');

    await signAtProvider(made.contractId, keepers.supplier);
    const half = await ok('srmCctContract', 'findById', key);
    expect(half).toMatchObject({ status: 'SIGNING', partyBSigner: '供应商甲公司', partyASignedDate: null });
    expect(half.partyBSignedDate).toEqual(expect.any(Number));

    await signAtProvider(made.contractId, keepers.buyer);
    const effective = await ok('srmCctContract', 'findById', key);
    expect(effective).toMatchObject({ status: 'EFFECTIVE', partyASigner: '苏州精密五金有限公司' });
    const signed = (effective.documents as Row[]).filter((row) => row.documentKind === 'SIGNED');
    expect(signed).toHaveLength(1);
    const pdf = await download(signed[0]!.fileIds, { userId: 1, userName: 'buyer1' });
    const report = await verifyPdf(pdf.bytes, { trustedRoots: [...(await provider().trustedRoots())] });
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
    // The document of record is the finalized PDF with the signatures appended.
    const finalized = (effective.documents as Row[]).find((row) => row.documentKind === 'FINALIZED')!;
    const original = await download(finalized.fileIds, { userId: 1, userName: 'buyer1' });
    expect(pdf.bytes.subarray(0, original.bytes.length).equals(original.bytes)).toBe(true);
    // Flow started, the pages viewed, each party's signature and the signed document, logged.
    expect(await logOf(made.contractId)).toEqual(expect.arrayContaining(['FLOW_STARTED', 'VIEW', 'SIGNED']));
    expect((await logOf(made.contractId)).filter((event) => event === 'SIGNED')).toHaveLength(3);
  }, 120_000);

  it('refuses a forged callback and handles a replayed one once', async () => {
    const hook = `${server().url}/api/hook/v1/cct-esign`;
    const body = JSON.stringify({
      serialNumber: 'forged-1',
      kind: 'FLOW_FINISHED',
      flowId: 'flow-x',
      flowKey: 'x',
      at: new Date().toISOString(),
    });
    const forged = await fetch(hook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-esign-app-id': peer!.appId,
        'x-esign-timestamp': String(Date.now()),
        'x-esign-signature': '0'.repeat(64),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { status: string }).status).toBe('E');
    const unknown = await fetch(`${server().url}/api/hook/v1/no-such-hook`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);

    // A callback captured on its way, delivered again: the serial number was handled.
    const made = await confirmed('重放回调合同', '2');
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doFinalize', key);
    await afterFinalizing(server(), made.contractId);
    const captured: { headers: Record<string, string>; body: string }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url === hook && init?.body)
        captured.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
      return original(input, init);
    }) as typeof fetch;
    try {
      await signAtProvider(made.contractId, keepers.supplier);
    } finally {
      globalThis.fetch = original;
    }
    // The stand-in posts from its own process here, so the capture sees what it sent.
    expect(captured.length).toBeGreaterThan(0);
    const before = await logOf(made.contractId);
    const replay = await fetch(hook, {
      method: 'POST',
      headers: captured[0]!.headers,
      body: captured[0]!.body,
    });
    expect(replay.status).toBe(200);
    expect(await logOf(made.contractId)).toEqual(before);
  }, 120_000);

  it('does not store a signed PDF from the provider that fails verification', async () => {
    const made = await confirmed('验签失败合同', '4');
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doFinalize', key);
    await afterFinalizing(server(), made.contractId);
    peer!.corruptDownloads(true);
    try {
      await signAtProvider(made.contractId, keepers.supplier);
      await signAtProvider(made.contractId, keepers.buyer);
    } finally {
      peer!.corruptDownloads(false);
    }
    const found = await ok('srmCctContract', 'findById', key);
    // Both signatures are recorded as the provider reported them; the document is not taken.
    expect(found.status).toBe('SIGNING');
    expect((found.documents as Row[]).some((row) => row.documentKind === 'SIGNED')).toBe(false);
    expect(await logOf(made.contractId)).toContain('PROVIDER_REFUSED');
  }, 120_000);

  it('cancels the flow when the contract is voided', async () => {
    const made = await confirmed('作废取消流程合同', '3');
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doFinalize', key);
    await afterFinalizing(server(), made.contractId);
    const { signFlowId } = await ok<{ signFlowId: string }>('srmCctContract', 'findById', key);
    await ok('srmCctContract', 'doVoid', { ...key, comment: '采购需求取消' });
    await decideAll(server().runtime, 'srmCctContract', Number(made.contractId), 'approve');
    expect((await ok('srmCctContract', 'findById', key)).status).toBe('VOID');
    expect((await provider().getFlowStatus(signFlowId)).state).toBe('CANCELLED');
    expect((await call('srmCctContract', 'querySignUrl', key, keepers.supplier)).httpStatus).toBe(409);
    expect(await logOf(made.contractId)).toContain('FLOW_CANCELLED');
  }, 120_000);
});
