// Electronic signing of contracts over real HTTP on a real database, with a real SMTP peer and
// the command-line tools third parties verify with: sign accounts get their certificates from the
// platform CA; finalization refuses a document with tracked changes unless they are accepted,
// converts it with LibreOffice and fixes its hash; each party signs with its seal after a
// one-time code read from the mail; the second signature makes the contract effective; pdfsig
// finds both signatures valid and trusted, and a changed byte breaks them; the other supplier
// learns nothing at any step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { withCreditCodeCheck } from '@srm/kernel';
import { PdfSigner, auditLog, decideAll, drawOrganisationSeal, keywordRect } from '@srm/platform';
import {
  docxOf,
  TEST_ACTOR_HEADER,
  nssDatabase,
  pdfText,
  pdfsig,
  scratch,
  trackedInsertion,
  wordParagraph,
  wordRun,
} from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { afterFinalizing, contractFiles } from '../contract-files.testing';
import { srmCctEsignCa, srmCctSignLog } from '../esign/esign.tables';

type Row = Record<string, unknown>;

const { ids, call, ok, suppliers, server, mail } = useProcurement({ mail: true });
const { upload, download } = contractFiles(server);
const files = scratch();
afterAll(() => files.cleanup());

const users = { buyerKeeper: {} as Row, buyerOther: {} as Row, supplierKeeper: {} as Row };
const units: Record<number, number> = {};

async function user(userName: string, extra: Row): Promise<Row> {
  const saved = await ok('baseUser', 'saveOrUpdate', {
    userName,
    userFullName: userName,
    email: `${userName}@example.test`,
    ...extra,
  });
  return { userId: saved.userId, userName };
}

beforeAll(async () => {
  users.buyerKeeper = await user('seal_keeper_a', { userType: 'INTERNAL' });
  users.buyerOther = await user('buyer_not_keeper', { userType: 'INTERNAL' });
  users.supplierKeeper = {
    ...(await user('seal_keeper_b', { userType: 'EXTERNAL', supplierId: ids.supA })),
    side: 'supplier',
    supplierId: ids.supA,
  };
  for (const itemId of [ids.screw, ids.bracket])
    units[itemId] = (await ok<{ uomId: number }>('srmBaseItem', 'findById', { itemId })).uomId;
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function activeAccount(body: Row): Promise<Row> {
  const saved = await ok('srmCctSignAccount', 'saveOrUpdate', { accountType: 'ORG', ...body });
  await ok('srmCctSignAccount', 'doActivate', { signAccountId: saved.signAccountId });
  return ok('srmCctSignAccount', 'findById', { signAccountId: saved.signAccountId });
}

/** A confirmed contract whose document the supplier revised with one tracked change. */
let templates = 0;

async function confirmedWithRevision(
  supplierSeal: 'ORG_SEAL' | 'PERSONAL' = 'ORG_SEAL',
  buyerSign: Row = { pageNum: 1, posX: 60, posY: 80, width: 200, height: 80 },
): Promise<Row> {
  const body = docxOf({
    body: [
      wordParagraph(wordRun('采购合同 {contractNumber}')),
      wordParagraph(wordRun('甲方：{partyAName}　乙方：{partyBName}')),
      wordParagraph(wordRun('合同总价：{amountInclTax} 元（大写：{amountInWords}）')),
    ].join(''),
  });
  const template = await ok('srmCctTemplate', 'saveOrUpdate', {
    templateCode: `TPL-SIGN-${++templates}`,
    templateName: '电子签署合同',
    bodyFileIds: String(await upload('sign.docx', body)),
    signs: [
      { party: 'PARTY_A', sealKind: 'ORG_SEAL', ...buyerSign },
      { party: 'PARTY_B', sealKind: supplierSeal, pageNum: 1, posX: 320, posY: 80, width: 200, height: 80 },
    ],
  });
  await ok('srmCctTemplate', 'doSubmit', { templateId: template.templateId });
  await decideAll(server().runtime, 'srmCctTemplate', Number(template.templateId), 'approve');
  const made = await ok('srmCctContract', 'saveOrUpdate', {
    contractName: '电子签署测试合同',
    orgId: ids.orgA,
    supplierId: ids.supA,
    currencyId: ids.currency,
    templateId: template.templateId,
    effectiveFrom: '2027-01-01',
    effectiveTo: '2027-12-31',
    items: [
      { lineNum: 1, itemId: ids.screw, uomId: units[ids.screw], quantity: 1000, unitPrice: 0.3, taxRate: 13 },
    ],
    stages: [
      { stageNum: 1, stageName: '预付款', milestone: 'SIGNING', ratio: 30 },
      { stageNum: 2, stageName: '到货款', milestone: 'DELIVERY', ratio: 60 },
      { stageNum: 3, stageName: '质保金', milestone: 'WARRANTY_END', ratio: 10 },
    ],
  });
  const key = { contractId: made.contractId };
  await ok('srmCctContract', 'generateDocument', key);
  await ok('srmCctContract', 'doSubmit', key);
  await decideAll(server().runtime, 'srmCctContract', Number(made.contractId), 'approve');
  await ok('srmCctContract', 'doSendConfirm', key);
  const revised = docxOf({
    body: [
      wordParagraph(wordRun(`采购合同 ${String(made.contractNumber)}`)),
      wordParagraph(
        wordRun('交货期：'),
        trackedInsertion('陈晓梅', '2026-12-02T10:00:00Z', '收到订单后15天'),
      ),
    ].join(''),
  });
  await ok(
    'srmCctContract',
    'uploadRevision',
    { ...key, fileIds: String(await upload('修订稿.docx', revised, suppliers.a)) },
    suppliers.a,
  );
  await ok('srmCctContract', 'doSupplierConfirm', key, suppliers.a);
  return made;
}

/** Signs as `actor`: the link, the code read from the mail, the signature. */
async function sign(contractId: unknown, actor: Row): Promise<Row> {
  const link = await ok<{ token: string; url: string }>(
    'srmCctContract',
    'querySignUrl',
    { contractId },
    actor,
  );
  // The link opens the contract's page in the signer's workspace, which opens the sign dialog.
  const opened = new URL(link.url);
  expect(opened.pathname).toBe(
    actor.side === 'supplier' ? '/main/supplierContractEdit' : '/main/contractManage/cctContractEdit',
  );
  expect(Object.fromEntries(opened.searchParams)).toEqual({
    contractId: String(contractId),
    signToken: link.token,
  });
  // The codes of earlier signatures are no longer the ones to read.
  mail().mails.splice(0);
  const sent = await ok<{ sentTo: string }>(
    'srmCctContract',
    'sendSignCode',
    { contractId, token: link.token },
    actor,
  );
  expect(sent.sentTo).toMatch(/^s\*\*\*@example\.test$/);
  const [, code] = await mail().waitFor(`${String(actor.userName)}@example.test`, /验证码：(\d{6})/);
  return ok('srmCctContract', 'signDocument', { contractId, token: link.token, code }, actor);
}

describe('sign accounts', () => {
  it('need their unit or supplier and credit code, get a certificate when activated, and show a supplier only its own', async () => {
    const noCode = await call('srmCctSignAccount', 'saveOrUpdate', {
      accountType: 'ORG',
      ownerType: 'SUPPLIER',
      accountName: '无代码公司',
      supplierId: ids.supA,
    });
    expect(noCode.httpStatus).toBe(400);
    expect(JSON.stringify(noCode.body.data)).toContain('统一社会信用代码');
    const account = await activeAccount({
      ownerType: 'SUPPLIER',
      accountName: '供应商乙测试章',
      supplierId: ids.supB,
      creditCode: withCreditCodeCheck('91320500MA1MB0001'),
    });
    expect(account).toMatchObject({ status: 'ACTIVE' });
    expect(String(account.certSerial)).toMatch(/^[0-9a-f]+$/);
    // Activated without a seal picture: the standard round seal with its name is drawn for it.
    const seal = await download(account.sealFileIds, suppliers.b);
    expect(seal.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(Number(account.certNotAfter) - Number(account.certNotBefore)).toBeGreaterThan(700 * 86_400_000);
    // Supplier A does not learn that B has an account.
    const seen = await call(
      'srmCctSignAccount',
      'findById',
      { signAccountId: account.signAccountId },
      suppliers.a,
    );
    expect(seen.httpStatus).toBe(404);
    const listed = await ok<Row[]>('srmCctSignAccount', 'listByPage', { pageRows: 500 }, suppliers.a);
    expect(JSON.stringify(listed)).not.toContain('供应商乙测试章');
    expect(
      (await ok<Row>('srmCctSignAccount', 'findById', { signAccountId: account.signAccountId }, suppliers.b))
        .accountName,
    ).toBe('供应商乙测试章');
    // The certificate names the account: its name stays once issued.
    await ok('srmCctSignAccount', 'saveOrUpdate', {
      signAccountId: account.signAccountId,
      versionNum: account.versionNum,
      accountName: '改名',
    });
    expect(
      (await ok('srmCctSignAccount', 'findById', { signAccountId: account.signAccountId })).accountName,
    ).toBe('供应商乙测试章');
    await ok('srmCctSignAccount', 'doSuspend', { signAccountId: account.signAccountId });
    await ok('srmCctSignAccount', 'doResume', { signAccountId: account.signAccountId });
    await ok('srmCctSignAccount', 'doRevoke', { signAccountId: account.signAccountId });
    expect(
      (await call('srmCctSignAccount', 'doResume', { signAccountId: account.signAccountId })).httpStatus,
    ).toBe(409);
  });
});

/**
 * The unsigned finalized PDF as each side is served it: with its side's watermark where a rule
 * asks for one for that use, the stored file unchanged.
 */
async function watermarkedCopies(found: Row, finalized: Row): Promise<void> {
  const rule = (body: Row) =>
    call('srmCctWatermark', 'saveOrUpdate', { opacity: 0.2, angle: 30, fontSize: 14, sortNo: 1, ...body });
  const unknown = await rule({
    watermarkName: '错误',
    side: 'INSIDE',
    textTemplate: '{userName} {password}',
  });
  expect(unknown.httpStatus).toBe(400);
  expect(unknown.body.msg).toContain('password');
  expect(
    (
      await rule({
        watermarkName: '内部下载',
        side: 'INSIDE',
        textTemplate: '{userName} 内部 {contractNumber}',
        documentUses: ['DOWNLOAD'],
      })
    ).body.status,
  ).toBe('S');
  // The supplier's rule shows an image above its text.
  const image = await upload('保密章.png', Buffer.from(await drawOrganisationSeal('保密')));
  expect(
    (
      await rule({
        watermarkName: '供应商',
        side: 'SUPPLIER',
        textTemplate: '{supplierName} {userName} 外部',
        imageFileIds: String(image),
        imageWidth: 40,
      })
    ).body.status,
  ).toBe('S');

  const forSupplier = await download(finalized.fileIds, users.supplierKeeper);
  const supplierText = await pdfText(files.file('supplier-copy.pdf', forSupplier.bytes));
  expect(supplierText).toContain(`${String(found.supplierName).replace(/\s+/g, '')}seal_keeper_b外部`);
  expect(supplierText).not.toContain('内部');
  const images = (bytes: Buffer) => bytes.toString('latin1').split('/Subtype /Image').length - 1;
  const forBuyer = await download(finalized.fileIds, { userId: 1, userName: 'buyer1' });
  const buyerText = await pdfText(files.file('buyer-copy.pdf', forBuyer.bytes));
  expect(buyerText).toContain(`buyer1内部${String(found.contractNumber)}`);
  expect(buyerText).not.toContain('外部');
  // The image, with its soft mask (its transparency), is in the supplier's copy alone.
  expect(images(forSupplier.bytes)).toBe(images(forBuyer.bytes) + 2);
  // The inside rule marks downloads only: the buyer's view is the stored file, byte for byte.
  const view = await fetch(
    `${server().url}/api/file/v2/pageoffice/doFilePdfView?id=${String(finalized.fileIds)}`,
    {
      method: 'POST',
      headers: { [TEST_ACTOR_HEADER]: JSON.stringify({ userId: 1, userName: 'buyer1' }) },
    },
  );
  expect(sha256(Buffer.from(await view.arrayBuffer()))).toBe(finalized.sha256);
  expect((await download(finalized.fileIds, suppliers.b)).status).toBe(404);
}

describe('signing a contract', () => {
  it('is finalized to a PDF, signed by both parties with codes from the mail, and verifies with pdfsig', async () => {
    const made = await confirmedWithRevision();
    const key = { contractId: made.contractId };
    // Tracked changes left: refused unless accepted with the finalization.
    const open = await call('srmCctContract', 'doFinalize', key);
    expect(open.httpStatus).toBe(422);
    expect(open.body.msg).toContain('1 处修订未处理');
    // The action answers at once; the conversion is the job's.
    const pressed = await ok<Row[]>('srmCctContract', 'doFinalize', { ...key, acceptChanges: 'Y' });
    expect(JSON.stringify(pressed)).toContain('"status":"FINALIZING"');
    await afterFinalizing(server(), made.contractId);
    const signing = await ok('srmCctContract', 'findById', key);
    const finalized = (signing.documents as Row[]).find((row) => row.documentKind === 'FINALIZED')!;
    expect(signing).toMatchObject({ status: 'SIGNING', finalizedSha256: finalized.sha256 });
    const pdf = await download(finalized.fileIds, { userId: 1, userName: 'buyer1' });
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(pdf.bytes)).toBe(finalized.sha256);
    await watermarkedCopies(signing, finalized);

    // Nobody signs for a party without an active account of it; then only its seal keepers.
    expect((await call('srmCctContract', 'querySignUrl', key, users.supplierKeeper)).httpStatus).toBe(422);
    await activeAccount({
      ownerType: 'BUYER',
      accountName: '苏州精密五金有限公司',
      orgId: ids.orgA,
      creditCode: withCreditCodeCheck('91320500MA1MA0001'),
      keepers: [{ userId: users.buyerKeeper.userId }],
    });
    await activeAccount({
      ownerType: 'SUPPLIER',
      accountName: '供应商甲公司',
      supplierId: ids.supA,
      creditCode: withCreditCodeCheck('91320500MA1MB0002'),
      keepers: [{ userId: users.supplierKeeper.userId }],
    });
    const notKeeper = await call('srmCctContract', 'querySignUrl', key, users.buyerOther);
    expect(notKeeper.httpStatus).toBe(403);
    expect(notKeeper.body.msg).toContain('苏州精密五金有限公司');
    // The other supplier does not learn the contract exists.
    for (const action of ['querySignUrl', 'verifySignatures'])
      expect((await call('srmCctContract', action, key, suppliers.b)).httpStatus).toBe(404);

    // A wrong code is refused and counted for good; the right one signs once.
    const link = await ok<{ token: string; url: string }>(
      'srmCctContract',
      'querySignUrl',
      key,
      users.supplierKeeper,
    );
    expect(new URL(link.url).pathname).toBe('/main/supplierContractEdit');
    await ok('srmCctContract', 'sendSignCode', { ...key, token: link.token }, users.supplierKeeper);
    const [, code] = await mail().waitFor('seal_keeper_b@example.test', /验证码：(\d{6})/);
    const wrong = await call(
      'srmCctContract',
      'signDocument',
      { ...key, token: link.token, code: code === '000000' ? '111111' : '000000' },
      users.supplierKeeper,
    );
    expect(wrong.httpStatus).toBe(422);
    expect(wrong.body.msg).toBe('验证码错误或已失效');
    const badLink = await call(
      'srmCctContract',
      'signDocument',
      { ...key, token: 'x'.repeat(40), code },
      users.supplierKeeper,
    );
    expect(badLink.httpStatus).toBe(422);
    const bySupplier = await ok(
      'srmCctContract',
      'signDocument',
      { ...key, token: link.token, code },
      users.supplierKeeper,
    );
    expect(bySupplier).toMatchObject({ status: 'SIGNING', partyBSigner: 'seal_keeper_b' });
    const again = await call(
      'srmCctContract',
      'signDocument',
      { ...key, token: link.token, code },
      users.supplierKeeper,
    );
    expect(again.httpStatus).toBe(409);

    const effective = await sign(made.contractId, users.buyerKeeper);
    expect(effective).toMatchObject({ status: 'EFFECTIVE', partyASigner: 'seal_keeper_a' });
    expect(effective.dateSigned).toBe(effective.partyASignedDate);
    expect((effective.stages as Row[]).map((stage) => stage.stageStatus)).toEqual([
      'PENDING',
      'NOT_ARRIVED',
      'NOT_ARRIVED',
    ]);
    const signed = (effective.documents as Row[]).filter((row) => row.documentKind === 'SIGNED');
    expect(signed).toHaveLength(2);
    const last = signed.reduce((a, b) => (Number(b.versionNo) > Number(a.versionNo) ? b : a));

    // Our verifier: two valid signatures, one per party, over the whole document.
    const report = await ok<{ sha256: string; archivedSha256: string; signatures: Row[] }>(
      'srmCctContract',
      'verifySignatures',
      key,
      users.supplierKeeper,
    );
    expect(report.sha256).toBe(report.archivedSha256);
    // The supplier's signature is followed by the buyer's only: not a modification after signing.
    expect(
      report.signatures.map((s) => [s.party, s.status, s.chainTrusted, s.modifiedAfterSigning]).sort(),
    ).toEqual([
      ['PARTY_A', 'valid', true, false],
      ['PARTY_B', 'valid', true, false],
    ]);

    // Both sides download the same bytes; pdfsig trusts both signatures with our root.
    const bySupplierCopy = await download(last.fileIds, suppliers.a);
    const byBuyerCopy = await download(last.fileIds, { userId: 1, userName: 'buyer1' });
    expect(sha256(bySupplierCopy.bytes)).toBe(last.sha256);
    expect(sha256(byBuyerCopy.bytes)).toBe(last.sha256);
    expect((await download(last.fileIds, suppliers.b)).status).toBe(404);
    // Shown in the viewer, the signed file is the stored one; its watermark comes beside it, for
    // the viewer to lay over the pages.
    const shown = await fetch(
      `${server().url}/api/file/v2/pageoffice/doFilePdfView?id=${String(last.fileIds)}`,
      {
        method: 'POST',
        headers: { [TEST_ACTOR_HEADER]: JSON.stringify(suppliers.a) },
      },
    );
    expect(sha256(Buffer.from(await shown.arrayBuffer()))).toBe(last.sha256);
    const overlay = JSON.parse(decodeURIComponent(shown.headers.get('x-srm-watermark') ?? '""')) as Row;
    expect(overlay).toMatchObject({
      text: expect.stringContaining('外部'),
      opacity: 0.2,
      angle: 30,
      imageWidth: 40,
      image: expect.stringMatching(/^\/api\/file\/v2\/images\/watermark\//),
    });
    // The image's URL shows the image to whoever has it, for a while; a forged one shows nothing.
    const shownImage = await fetch(`${server().url}${String(overlay.image)}`);
    expect(shownImage.status).toBe(200);
    expect(shownImage.headers.get('content-type')).toContain('image/png');
    const forged = String(overlay.image).replace(/wm\.(\d+)/, (_, id: string) => `wm.${Number(id) - 1}`);
    expect((await fetch(`${server().url}${forged}`)).status).toBe(404);
    const [root] = await server()
      .runtime.executor()
      .select({ record: srmCctEsignCa.record })
      .from(srmCctEsignCa)
      .where(eq(srmCctEsignCa.name, 'root'));
    const nss = await nssDatabase(files.dir, (root!.record as { certificatePem: string }).certificatePem);
    const checked = await pdfsig(nss, files.file('signed.pdf', bySupplierCopy.bytes));
    expect(checked.map((s) => [s.field, s.validation, s.certificate]).sort()).toEqual([
      ['party_a_seal', 'Signature is Valid.', 'Certificate is Trusted.'],
      ['party_b_seal', 'Signature is Valid.', 'Certificate is Trusted.'],
    ]);
    const flipped = Buffer.from(bySupplierCopy.bytes);
    const at = flipped.indexOf('交货期') > 0 ? flipped.indexOf('交货期') : 400;
    flipped[at] = flipped[at]! ^ 0x01;
    const broken = await pdfsig(nss, files.file('flipped.pdf', flipped));
    expect(broken.map((s) => s.validation)).toEqual(['Digest Mismatch.', 'Digest Mismatch.']);

    // The sign log: views, codes sent, the wrong code (kept though refused), both signatures.
    const events = await server()
      .runtime.executor()
      .select({ event: srmCctSignLog.event, party: srmCctSignLog.party, after: srmCctSignLog.hashAfter })
      .from(srmCctSignLog)
      .where(eq(srmCctSignLog.contractId, Number(made.contractId)));
    expect(events.filter((e) => e.event === 'CODE_WRONG')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'SIGNED').map((e) => e.party)).toEqual(['PARTY_B', 'PARTY_A']);
    expect(events.find((e) => e.event === 'SIGNED' && e.party === 'PARTY_A')?.after).toBe(last.sha256);
  });
});

describe('a personal signature', () => {
  it("signs the supplier's part with the signer's own person account where the template says so", async () => {
    const made = await confirmedWithRevision('PERSONAL');
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doFinalize', { ...key, acceptChanges: 'Y' });
    await afterFinalizing(server(), made.contractId);
    await activeAccount({
      ownerType: 'BUYER',
      accountName: '苏州精密五金有限公司',
      orgId: ids.orgA,
      creditCode: withCreditCodeCheck('91320500MA1MA0003'),
      keepers: [{ userId: users.buyerKeeper.userId }],
    });
    // The supplier's seal keeper has no person account of its own: it cannot sign personally.
    const none = await call('srmCctContract', 'querySignUrl', key, users.supplierKeeper);
    expect(none.httpStatus).toBe(422);
    expect(none.body.msg).toBe('合同模板要求本人签名，您还没有已激活的个人签章账户，请联系采购方开通');
    const person = await activeAccount({
      accountType: 'PERSON',
      ownerType: 'SUPPLIER',
      accountName: '陈晓梅',
      supplierId: ids.supA,
      userId: users.supplierKeeper.userId,
    });
    // Activated without a picture: a square name seal is drawn for the person.
    expect((await download(person.sealFileIds)).bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(await sign(made.contractId, users.supplierKeeper)).toMatchObject({
      status: 'SIGNING',
      partyBSigner: 'seal_keeper_b',
    });
    expect(await sign(made.contractId, users.buyerKeeper)).toMatchObject({ status: 'EFFECTIVE' });
    const report = await ok<{ signatures: Row[] }>('srmCctContract', 'verifySignatures', key);
    expect(report.signatures.map((s) => [s.party, s.signer, s.status]).sort()).toEqual([
      ['PARTY_A', '苏州精密五金有限公司', 'valid'],
      ['PARTY_B', '陈晓梅', 'valid'],
    ]);
  });
});

/** The messages telling the finalizer that a contract's finalization failed (定稿失败). */
const failureMessages = (contractId: unknown) =>
  queryRows<{ title_en: string; content_zh: string; content_en: string }>(
    server().runtime.executor(),
    sql`select title_en, content_zh, content_en from base_site_message
         where document_id = ${Number(contractId)} and entity_name = 'srmCctContract'
           and title_zh like '%定稿失败'`,
  );

describe('signature positions by keyword', () => {
  it("centre the buyer's field on its keyword; a keyword the document lacks refuses the finalization", async () => {
    // The revision the supplier filed (and the finalized PDF made from it) holds 交货期：.
    const keyword = { keyword: '交货期：', pageNum: 0, posX: 0, posY: 0, width: 120, height: 60 };
    const made = await confirmedWithRevision('ORG_SEAL', keyword);
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doFinalize', { ...key, acceptChanges: 'Y' });
    await afterFinalizing(server(), made.contractId);
    const signing = await ok('srmCctContract', 'findById', key);
    const finalized = (signing.documents as Row[]).find((row) => row.documentKind === 'FINALIZED')!;
    const { bytes } = await download(finalized.fileIds);
    const rectOf = async (name: string) => (await new PdfSigner().fieldRect(bytes, name))!.map(Math.round);
    const expected = await keywordRect(bytes, { ...keyword, page: 0 });
    expect(expected).not.toBeNull();
    const [x, y, width, height] = expected!.rect;
    expect(await rectOf('party_a_seal')).toEqual([x, y, x + width, y + height].map(Math.round));
    // The supplier's position is its rectangle, as before.
    expect(await rectOf('party_b_seal')).toEqual([320, 80, 520, 160]);

    const absent = await confirmedWithRevision('ORG_SEAL', { ...keyword, keyword: '丙方（盖章）' });
    // The job finds no keyword: the contract is confirmed again and the buyer told why.
    await ok('srmCctContract', 'doFinalize', { contractId: absent.contractId, acceptChanges: 'Y' });
    expect((await afterFinalizing(server(), absent.contractId)).status).toBe('CONFIRMED');
    const failed = await failureMessages(absent.contractId);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.content_zh).toContain(
      '合同文本中找不到签署位置关键字“丙方（盖章）”，请检查模板的签署位置或合同文本',
    );
    expect(failed[0]!.content_en).toContain(
      'was not finalized: The contract\'s document does not hold the signature keyword "丙方（盖章）"',
    );
    // The history keeps it, with the reason in the finalizer's language.
    const [audit] = await server()
      .runtime.executor()
      .select({ statusFrom: auditLog.statusFrom, statusTo: auditLog.statusTo, comment: auditLog.comment })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'srmCctContract'),
          eq(auditLog.recordId, Number(absent.contractId)),
          eq(auditLog.action, 'doFinalizeFailed'),
        ),
      );
    expect(audit).toMatchObject({ statusFrom: 'FINALIZING', statusTo: 'CONFIRMED' });
    expect(audit!.comment).toContain('丙方（盖章）');
  });
});

describe('a finalization whose conversion hangs', () => {
  it('is stopped at its timeout and reported to the buyer, the contract confirmed again', async () => {
    const made = await confirmedWithRevision();
    const previous = process.env.SRM_OFFICE_TIMEOUT_MS;
    // LibreOffice takes seconds to start: 300 ms is a conversion that hangs.
    process.env.SRM_OFFICE_TIMEOUT_MS = '300';
    try {
      await ok('srmCctContract', 'doFinalize', { contractId: made.contractId, acceptChanges: 'Y' });
      expect((await afterFinalizing(server(), made.contractId)).status).toBe('CONFIRMED');
    } finally {
      if (previous === undefined) delete process.env.SRM_OFFICE_TIMEOUT_MS;
      else process.env.SRM_OFFICE_TIMEOUT_MS = previous;
    }
    const told = await failureMessages(made.contractId);
    expect(told).toHaveLength(1);
    expect(told[0]!.content_zh).toContain('合同文本转换超过 1 秒未完成，已停止，请稍后重试');
    expect(told[0]!.title_en).toMatch(/could not be finalized$/);
    // Pressed again with time enough, it is finalized.
    await ok('srmCctContract', 'doFinalize', { contractId: made.contractId, acceptChanges: 'Y' });
    expect((await afterFinalizing(server(), made.contractId)).status).toBe('SIGNING');
  });
});
