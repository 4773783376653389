// Demo contracts: three clauses of the library in effect, and contracts with both demo suppliers
// at several steps — a draft, one awaiting approval, one sent to 恒达五金 (sup_a) for its
// confirmation, one 瑞丰电子 (sup_b) has confirmed, and one signed electronically by 恒达 and the
// buyer whose PDF verifies. Sign accounts: the buying unit's (seal kept by `buyer`) and each
// supplier's (kept by `sup_a`, `sup_b`). Skipped where the demo suppliers are not there.
import { Readable } from 'node:stream';
import { type SaveBodyOf, withCreditCodeCheck } from '@srm/kernel';
import {
  AppError,
  type Actor,
  SYSTEM_ACTOR,
  type Seed,
  decideAll,
  type SeedContext,
  defineSeed,
  docxOf,
  wordParagraph,
  wordRun,
  wordTable,
} from '@srm/platform';
import { item, org } from '../base-data';
import { billType, order } from '../purchasing';
import { day, demoActions, seedData, supplierActor } from '../agreements/server';
import { DEMO_SUPPLIERS } from '../demo';
import { contract } from './contract/contract.entity';
import { terms } from './terms/terms.entity';
import { contractTemplate } from './template/template.entity';
import { generatedDocument, storeDocument } from './contract/contract.document';
import { signForParty } from './contract/contract.sign';
import { finalizeNow } from './contract/contract.finalize';
import { signAccount } from './sign-account/sign-account.entity';
import { raiseWarnings } from './warning/warning.job';
import { contractWatermark } from './watermark/watermark.entity';
import { assetAcceptance } from './asset-acceptance/asset-acceptance.entity';

const SIGNED_DEMO = '恒达钣金支架框架采购合同';

/** A demo template's Word body: parties, the items table, the stages, the clauses, the seals' places. */
function templateBody(title: string, itemsHead: string): Buffer {
  const bold = '<w:b/><w:sz w:val="32"/>';
  return docxOf({
    headers: [wordParagraph('合同编号：{contractNumber}')],
    body: [
      wordParagraph(wordRun(title, bold)),
      wordParagraph('甲方（买方）：{partyAName}'),
      wordParagraph('地址：{partyAAddress}　法定代表人：{partyARepresentative}'),
      wordParagraph('乙方（卖方）：{partyBName}'),
      wordParagraph('地址：{partyBAddress}　开户行：{partyBBank}　账号：{partyBAccount}'),
      wordParagraph(`一、${itemsHead}`),
      wordTable(
        [
          ['序号', '物料编码', '名称', '规格', '数量', '单位', '含税单价', '含税金额', '交货日期'],
          [
            '{#items}{lineNum}',
            '{itemCode}',
            '{itemDescription}',
            '{specification}',
            '{quantity}',
            '{uomName}',
            '{unitPriceInclTax}',
            '{amountInclTax}',
            '{needByDate}{/items}',
          ],
        ],
        [650, 1250, 1500, 750, 1000, 650, 1150, 1300, 1380],
      ),
      wordParagraph(
        '合同总价（含税）：{currencyCode} {amountInclTax}（大写：{amountInWords}），其中税额 {taxAmount}。',
      ),
      wordParagraph('二、付款计划'),
      wordTable([
        ['阶段', '名称', '付款节点', '比例', '金额', '节点后天数'],
        [
          '{#stages}{stageNum}',
          '{stageName}',
          '{milestone}',
          '{ratio}',
          '{stageAmount}',
          '{daysAfter}{/stages}',
        ],
      ]),
      wordParagraph('三、合同条款'),
      wordParagraph('{#clauses}'),
      wordParagraph('{sequenceNum}. {termsTitle}：{termsBody}'),
      wordParagraph('{/clauses}'),
      wordParagraph('合同有效期：{effectiveFrom} 至 {effectiveTo}；质保期 {warrantyMonths} 个月。'),
      wordParagraph('甲方（盖章）：　　　　　　　　　　　　乙方（盖章）：'),
    ].join(''),
  });
}

/** Stores a demo file as the seeds' own (it travels with the demo snapshot). */
async function storedFile(
  context: SeedContext,
  name: string,
  bytes: Buffer,
  uploader: Actor = SYSTEM_ACTOR,
): Promise<number> {
  const files = context.runtime.plugins.attachments!;
  const stored = await files.storage.put(Readable.from([bytes]), Number.MAX_SAFE_INTEGER);
  return (await files.record(uploader, name, stored, { path: 'contract/template' }, false)).id;
}

const SIGNS = [
  { party: 'PARTY_A', sealKind: 'ORG_SEAL', pageNum: -1, posX: 60, posY: 60, width: 220, height: 90 },
  { party: 'PARTY_B', sealKind: 'ORG_SEAL', pageNum: -1, posX: 320, posY: 60, width: 220, height: 90 },
];

const TEMPLATES = [
  {
    templateCode: 'TPL-PURCHASE',
    templateName: '标准采购合同',
    contractType: 'MAIN',
    title: '采购合同',
    items: '采购标的',
    // A contract that picks it without stages of its own starts with these (30/60/10).
    stages: [
      {
        stageNum: 1,
        stageName: '预付款',
        milestone: 'SIGNING',
        ratio: 30,
        paymentMethod: 'TRANSFER',
        daysAfter: 15,
      },
      {
        stageNum: 2,
        stageName: '到货款',
        milestone: 'DELIVERY',
        ratio: 60,
        paymentMethod: 'TRANSFER',
        daysAfter: 30,
      },
      {
        stageNum: 3,
        stageName: '质保金',
        milestone: 'WARRANTY_END',
        ratio: 10,
        paymentMethod: 'TRANSFER',
        daysAfter: 30,
      },
    ],
  },
  {
    templateCode: 'TPL-TOOLING',
    templateName: '模具采购合同',
    contractType: 'MAIN',
    title: '模具采购合同',
    items: '模具明细',
    stages: [
      {
        stageNum: 1,
        stageName: '预付款',
        milestone: 'SIGNING',
        ratio: 30,
        paymentMethod: 'TRANSFER',
        daysAfter: 15,
      },
      {
        stageNum: 2,
        stageName: '验收款',
        milestone: 'ACCEPTANCE',
        ratio: 60,
        paymentMethod: 'TRANSFER',
        daysAfter: 30,
      },
      {
        stageNum: 3,
        stageName: '质保金',
        milestone: 'WARRANTY_END',
        ratio: 10,
        paymentMethod: 'TRANSFER',
        daysAfter: 30,
      },
    ],
  },
  {
    templateCode: 'TPL-FRAMEWORK',
    templateName: '框架采购协议',
    contractType: 'MAIN',
    title: '框架采购协议',
    items: '框架标的与参考价格',
    stages: [],
  },
];

const CLAUSES = [
  {
    termsCode: 'PAY-001',
    termsTitle: '付款条款',
    category: 'PAYMENT',
    termsBody:
      '<p>甲方按本合同付款计划向乙方支付合同价款，合同总价为人民币{amountInclTax}元（大写：{amountInWords}）。乙方应在每期付款前开具等额增值税专用发票。</p>',
  },
  {
    termsCode: 'QLT-001',
    termsTitle: '质量条款',
    category: 'QUALITY',
    termsBody:
      '<p>乙方交付的货物应符合国家标准及双方确认的技术规格。质保期为{warrantyMonths}个月，自验收合格之日起计算。</p>',
  },
  {
    termsCode: 'DSP-001',
    termsTitle: '争议解决',
    category: 'DISPUTE',
    termsBody: '<p>因本合同引起的争议，双方应协商解决；协商不成的，提交甲方所在地人民法院诉讼解决。</p>',
  },
] as const;

/** The quality clause as 恒达 reworded it: a certificate per batch, the warranty from delivery. */
const REWORDED_QUALITY =
  '<p>乙方交付的货物应符合国家标准及双方确认的技术规格，每批随货提供材质证明。质保期为{warrantyMonths}个月，自到货之日起计算。</p>';

/** A one-page PDF: the scan of a contract signed on paper, as the demo files it. */
const PAPER_SCAN = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

type Material = { itemId: number; uomId: number | null };

/**
 * The states the other demo contracts do not show, for both suppliers: refused by 瑞丰 with its
 * reason, rejected by the approver, voided with approval, and three signed on paper — last
 * year's (expired), one terminated with approval, and a pre-contract awaiting conversion (转正式合同).
 */
async function contractsInOtherStates(
  context: SeedContext,
  save: (supplierId: number, body: Record<string, unknown>) => Promise<{ contractId: number }>,
  {
    hengda,
    ruifeng,
    screw,
    nut,
    mcu,
    resistor,
  }: Record<'hengda' | 'ruifeng', number> & Record<'screw' | 'nut' | 'mcu' | 'resistor', Material>,
): Promise<void> {
  const buyerActor: Actor = {
    ...SYSTEM_ACTOR,
    system: false,
    userId: await context.idOf('baseUser', { userName: 'buyer' }),
    userName: 'buyer',
  };
  const buyer = seedData(context, buyerActor);
  const approved = async (supplierId: number, body: Record<string, unknown>) => {
    const made = await save(supplierId, body);
    await demoActions(context, contract, made.contractId, ['doSubmit', 'doApproval']);
    return made.contractId;
  };
  /** Sent, confirmed, finalized without a document and signed on paper with the scan: in effect. */
  const onPaper = async (supplierId: number, body: Record<string, unknown>) => {
    const id = await approved(supplierId, body);
    await demoActions(context, contract, id, ['doSendConfirm']);
    await seedData(context, supplierActor(supplierId)).act(contract, 'doSupplierConfirm', [id]);
    await finalizeDemo(context, id);
    // The buyer files the scan (a file is linked by whoever uploaded it).
    const scan = await storedFile(context, '纸质签署扫描件.pdf', PAPER_SCAN, buyerActor);
    const { versionNum } = await buyer.find(contract, id);
    await buyer.save(contract, { contractId: id, versionNum, signedScanIds: String(scan) });
    await buyer.act(contract, 'doSignPaper', [id]);
    return id;
  };
  // Refused by 瑞丰: the prices of its latest quote.
  const refused = await approved(ruifeng, {
    contractName: '瑞丰电阻补充采购合同',
    effectiveFrom: day(10),
    effectiveTo: day(190),
    items: [
      { lineNum: 1, ...resistor, quantity: 500000, unitPrice: 0.0042, taxRate: 13, needByDate: day(30) },
    ],
  });
  await demoActions(context, contract, refused, ['doSendConfirm']);
  await seedData(context, supplierActor(ruifeng)).act(contract, 'doSupplierRefuse', [refused], {
    comment: '单价请按我司 11 月报价（0.0038 元）调整后重新发送',
  });
  // Rejected by the purchasing manager.
  const rejected = await save(hengda, {
    contractName: '恒达弹簧垫圈采购合同',
    effectiveFrom: day(10),
    effectiveTo: day(100),
    items: [{ lineNum: 1, ...nut, quantity: 30000, unitPrice: 0.06, taxRate: 13, needByDate: day(25) }],
  });
  await demoActions(context, contract, rejected.contractId, ['doSubmit']);
  await decideAll(context.runtime, contract.name, rejected.contractId, 'reject');
  // Voided with approval before it was sent: the demand was cancelled.
  const voided = await approved(hengda, {
    contractName: '恒达螺母试用合同',
    effectiveFrom: day(5),
    effectiveTo: day(65),
    items: [{ lineNum: 1, ...nut, quantity: 5000, unitPrice: 0.055, taxRate: 13, needByDate: day(20) }],
  });
  await buyer.act(contract, 'doVoid', [voided], { comment: '项目取消，需求撤回' });
  await decideAll(context.runtime, contract.name, voided, 'approve');
  // Last year's, signed on paper, past its end: expired.
  const expired = await onPaper(ruifeng, {
    contractName: '瑞丰电子料上年度采购合同',
    effectiveFrom: day(-400),
    effectiveTo: day(-35),
    items: [{ lineNum: 1, ...mcu, quantity: 3000, unitPrice: 8.9, taxRate: 13, needByDate: day(-300) }],
  });
  await demoActions(context, contract, expired, ['doExpire']);
  // Terminated with approval: the product line was stopped, nothing was paid.
  const terminated = await onPaper(ruifeng, {
    contractName: '瑞丰传感器采购合同',
    effectiveFrom: day(-90),
    effectiveTo: day(270),
    items: [{ lineNum: 1, ...mcu, quantity: 800, unitPrice: 12.5, taxRate: 13, needByDate: day(-30) }],
  });
  await buyer.act(contract, 'doTerminate', [terminated], {
    terminateReason: '产品线停产，双方协商一致终止',
    paidAmount: 0,
  });
  await decideAll(context.runtime, contract.name, terminated, 'approve');
  // A pre-contract in effect, awaiting its main contract (转正式合同 on it).
  await onPaper(hengda, {
    contractName: '恒达新品支架预合同',
    contractType: 'PRE',
    effectiveFrom: day(-10),
    effectiveTo: day(80),
    items: [{ lineNum: 1, ...screw, quantity: 10000, unitPrice: 0.125, taxRate: 13, needByDate: day(15) }],
  });
}

const demoContracts = defineSeed('contract.demo-documents', async (context) => {
  const data = seedData(context);
  if ((await data.list(terms, {}, { limit: 1 })).length) return;
  const suppliers: number[] = [];
  for (const demo of DEMO_SUPPLIERS) {
    const id = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (id === null) return;
    suppliers.push(id);
  }
  const [hengda = 0, ruifeng = 0] = suppliers;
  const clauseIds: number[] = [];
  for (const clause of CLAUSES) {
    const saved = await data.save(terms, { ...clause, contractTypes: ['MAIN', 'SUPPLEMENT'] });
    await demoActions(context, terms, saved.termsId, ['doSubmit', 'doApproval']);
    clauseIds.push(saved.termsId);
  }
  const templateIds: number[] = [];
  for (const { title, items, ...template } of TEMPLATES) {
    const bodyFileIds = String(
      await storedFile(context, `${template.templateName}.docx`, templateBody(title, items)),
    );
    // Clause slots: payment and dispute required, the dispute clause in the library's words only.
    const slots = CLAUSES.map((clause, index) => ({
      sequenceNum: index + 1,
      termsId: clauseIds[index]!,
      requiredFlag: clause.termsCode === 'QLT-001' ? ('N' as const) : ('Y' as const),
      editableFlag: clause.termsCode === 'DSP-001' ? ('N' as const) : ('Y' as const),
    }));
    const saved = await data.save(contractTemplate, {
      ...template,
      bodyFileIds,
      signs: SIGNS,
      clauses: slots,
    });
    await demoActions(context, contractTemplate, saved.templateId, ['doSubmit', 'doApproval']);
    templateIds.push(saved.templateId);
  }
  const orgId = await context.idOf('srmBaseOrg', { orgCode: 'OU100' });
  const currencyId = await context.idOf('srmBaseCurrency', { currencyCode: 'CNY' });
  const material = async (itemCode: string) => {
    const [row] = await data.list(item, { itemId: await context.idOf('srmBaseItem', { itemCode }) });
    return { itemId: row!.itemId, uomId: row!.uomId };
  };
  const clauses = CLAUSES.map((clause, index) => ({
    sequenceNum: index + 1,
    termsId: clauseIds[index]!,
    termsTitle: clause.termsTitle,
    termsBody: clause.termsBody,
  }));
  const stages = [
    {
      stageNum: 1,
      stageName: '预付款',
      milestone: 'SIGNING',
      ratio: 30,
      plannedDate: day(5),
      daysAfter: 15,
      paymentMethod: 'TRANSFER',
    },
    {
      stageNum: 2,
      stageName: '到货款',
      milestone: 'DELIVERY',
      ratio: 60,
      daysAfter: 30,
      paymentMethod: 'TRANSFER',
    },
    {
      stageNum: 3,
      stageName: '质保金',
      milestone: 'WARRANTY_END',
      ratio: 10,
      daysAfter: 30,
      paymentMethod: 'TRANSFER',
    },
  ];
  const save = (
    supplierId: number,
    body: Omit<SaveBodyOf<typeof contract>, 'supplierId' | 'orgId' | 'currencyId'>,
  ) =>
    data.save(contract, {
      supplierId,
      orgId,
      currencyId,
      buyerName: '张伟',
      warrantyMonths: 12,
      stages,
      clauses,
      templateId: templateIds[0]!,
      ...body,
    });
  const screw = await material('02030001');
  const nut = await material('02030002');
  const mcu = await material('01010001');
  const resistor = await material('01020001');
  // Sent to 恒达五金 for its confirmation.
  const sent = await save(hengda, {
    contractName: '恒达紧固件年度采购合同',
    effectiveFrom: day(5),
    effectiveTo: day(370),
    items: [
      {
        lineNum: 1,
        ...screw,
        quantity: 200000,
        unitPrice: 0.12,
        taxRate: 13,
        needByDate: day(30),
        deliverySite: '苏州吴中工厂',
      },
      {
        lineNum: 2,
        ...nut,
        quantity: 300000,
        unitPrice: 0.05,
        taxRate: 13,
        needByDate: day(30),
        deliverySite: '苏州吴中工厂',
      },
    ],
  });
  // Its document, generated from the standard template, is what 恒达 is asked to confirm.
  await storeDocument(data, sent, await generatedDocument(data, sent), 'GENERATED', {
    fileName: `${sent.contractNumber}.docx`,
  });
  await demoActions(context, contract, sent.contractId, ['doSubmit', 'doApproval', 'doSendConfirm']);
  // 恒达's revision of it, filed by sup_a: the quality clause's warranty from delivery, with a
  // certificate per batch (比较修订稿 shows what changed).
  const asSent = await data.find(contract, sent.contractId);
  const revised = await generatedDocument(data, {
    ...asSent,
    clauses: asSent.clauses.map((clause) =>
      clause.termsTitle === '质量条款' ? { ...clause, termsBody: REWORDED_QUALITY } : clause,
    ),
  });
  const supA = await context.findId('baseUser', { userName: 'sup_a' });
  await storeDocument(
    seedData(context, { ...supplierActor(hengda), userId: supA ?? 0, userName: 'sup_a' }),
    asSent,
    revised,
    'REVISION',
    {
      fileName: `${asSent.contractNumber}-恒达修订.docx`,
      trackedChanges: 0,
      remark: '质保期自到货之日起计算，每批随货提供材质证明',
    },
  );
  // Awaiting the purchasing manager's approval; its quality clause changed from the library's
  // wording (the approver sees it under 条款差异).
  const waiting = await save(hengda, {
    contractName: '恒达垫圈补充采购合同',
    effectiveFrom: day(10),
    effectiveTo: day(190),
    items: [{ lineNum: 1, ...nut, quantity: 100000, unitPrice: 0.051, taxRate: 13, needByDate: day(45) }],
    clauses: clauses.map((clause) =>
      clause.termsTitle === '质量条款'
        ? {
            ...clause,
            termsBody: REWORDED_QUALITY,
          }
        : clause,
    ),
  });
  await demoActions(context, contract, waiting.contractId, ['doSubmit']);
  // Confirmed by 瑞丰电子, to be finalized and signed.
  const confirmed = await save(ruifeng, {
    contractName: '瑞丰电子料年度采购合同',
    effectiveFrom: day(3),
    effectiveTo: day(365),
    items: [
      { lineNum: 1, ...mcu, quantity: 5000, unitPrice: 8.6, taxRate: 13, needByDate: day(20) },
      { lineNum: 2, ...resistor, quantity: 1000000, unitPrice: 0.004, taxRate: 13, needByDate: day(20) },
    ],
  });
  await storeDocument(data, confirmed, await generatedDocument(data, confirmed), 'GENERATED', {
    fileName: `${confirmed.contractNumber}.docx`,
  });
  await demoActions(context, contract, confirmed.contractId, ['doSubmit', 'doApproval', 'doSendConfirm']);
  await seedData(context, supplierActor(ruifeng)).act(contract, 'doSupplierConfirm', [confirmed.contractId]);
  // A simplified contract for a small purchase (简易合同): its text will be a PDF the buyer uploads.
  await save(hengda, {
    contractName: '恒达劳保用品简易采购合同',
    simplifiedFlag: 'Y',
    templateId: null,
    clauses: [],
    stages: [{ stageNum: 1, stageName: '全款', milestone: 'DELIVERY', ratio: 100, daysAfter: 30 }],
    effectiveFrom: day(3),
    effectiveTo: day(95),
    items: [{ lineNum: 1, ...nut, quantity: 2000, unitPrice: 0.052, taxRate: 13, needByDate: day(20) }],
  });
  // A draft the buyer is still writing.
  await save(ruifeng, {
    contractName: '瑞丰电子样品试制合同',
    effectiveFrom: day(15),
    effectiveTo: day(120),
    items: [{ lineNum: 1, ...mcu, quantity: 200, unitPrice: 9.2, taxRate: 13 }],
  });
  await contractsInOtherStates(context, save, { hengda, ruifeng, screw, nut, mcu, resistor });
  // Sign accounts of the buying unit and of both suppliers, each with its seal keeper.
  const userId = (userName: string) => context.findId('baseUser', { userName });
  const [buyerId, supAId, supBId] = [await userId('buyer'), await userId('sup_a'), await userId('sup_b')];
  const [unit] = await data.list(org, { orgId });
  const accounts = [
    {
      ownerType: 'BUYER',
      accountName: unit?.orgName ?? 'OU100',
      orgId,
      creditCode: withCreditCodeCheck('91320506MA1N8K2Q0'),
      keeper: buyerId,
    },
    ...DEMO_SUPPLIERS.map((demo, index) => ({
      ownerType: 'SUPPLIER',
      accountName: demo.supplier.supplierName,
      supplierId: suppliers[index]!,
      creditCode: demo.supplier.creditCode,
      keeper: index === 0 ? supAId : supBId,
    })),
  ];
  for (const { keeper, ...account } of accounts)
    await data.save(signAccount, {
      accountType: 'ORG',
      ...account,
      keepers: keeper === null ? [] : [{ userId: keeper }],
    });
  // To be signed electronically by 恒达 (sup_a), then the buyer (demoSigning, below).
  const toSign = await save(hengda, {
    contractName: SIGNED_DEMO,
    executionControl: 'QUANTITY',
    effectiveFrom: day(-20),
    effectiveTo: day(345),
    items: [{ lineNum: 1, ...screw, quantity: 50000, unitPrice: 0.118, taxRate: 13, needByDate: day(10) }],
    // The bending tool's fee, refunded by 恒达 once 30,000 screws were received.
    refunds: [
      {
        lineNum: 1,
        feeType: 'MOULD',
        feeAmount: 8000,
        paidBy: 'BUYER',
        conditionType: 'QUANTITY',
        itemLineNum: 1,
        thresholdQuantity: 30000,
      },
    ],
  });
  await storeDocument(data, toSign, await generatedDocument(data, toSign), 'GENERATED', {
    fileName: `${toSign.contractNumber}.docx`,
  });
  await demoActions(context, contract, toSign.contractId, ['doSubmit', 'doApproval', 'doSendConfirm']);
  await seedData(context, supplierActor(hengda)).act(contract, 'doSupplierConfirm', [toSign.contractId]);
});

/**
 * 定稿 at once: a seed that runs while the job service does (a test server's installation seeds)
 * finalizes the contract itself; the job then finds it no longer FINALIZING and does nothing.
 */
async function finalizeDemo(context: SeedContext, contractId: number): Promise<void> {
  await demoActions(context, contract, contractId, ['doFinalize']);
  const data = seedData(context);
  if ((await data.find(contract, contractId)).status !== 'FINALIZING') return;
  await data.transaction((tx) =>
    finalizeNow(tx, {
      contractId,
      acceptChanges: false,
      userId: null,
      author: { side: 'internal', name: tx.actor.userName },
      locale: 'zh-CN',
    }),
  );
}

/** 定稿 of 恒达's contract to sign, if it is still confirmed: false when it could not be made (no LibreOffice). */
async function finalizeToSign(context: SeedContext): Promise<boolean> {
  const data = seedData(context);
  const [confirmed] = await data.list(contract, { contractName: SIGNED_DEMO, status: 'CONFIRMED' });
  if (!confirmed) return true;
  try {
    await finalizeDemo(context, confirmed.contractId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * 定稿 of the contract the demo signs: its PDF, converted by LibreOffice (seconds), holds no
 * secret of the installation, so it is made with the demo snapshot and the first start only signs.
 */
const demoFinalize = defineSeed('contract.demo-finalize', async (context) => {
  await finalizeToSign(context);
});

/**
 * The demo's e-signing, with this installation's CA (its keys never leave it, so not in the demo
 * snapshot: run at the first start): the sign accounts activated, and 恒达's finalized contract
 * (定稿 here if the snapshot could not) signed by 恒达 (sup_a) and the buyer, in effect with a PDF
 * that verifies. Without LibreOffice there is no PDF to sign: the contract stays confirmed.
 */
const demoSigning = defineSeed(
  'contract.demo-signing',
  async (context) => {
    const data = seedData(context);
    const [toSign] = await data.list(contract, {
      contractName: SIGNED_DEMO,
      status: ['CONFIRMED', 'SIGNING'],
    });
    if (!toSign) return;
    for (const account of await data.list(signAccount, { status: 'NEW' }))
      await demoActions(context, signAccount, account.signAccountId, ['doActivate']);
    if (!(await finalizeToSign(context))) return;
    const signAs = async (userName: string, side: Partial<Actor>) => {
      const userId = await context.findId('baseUser', { userName });
      if (userId === null) return;
      const actor: Actor = { ...SYSTEM_ACTOR, system: false, userId, userName, ...side };
      await signForParty(seedData(context, actor), toSign.contractId);
    };
    await signAs('sup_a', { side: 'supplier', supplierId: toSign.supplierId });
    await signAs('buyer', {});
    // Its first payment is due in five days: an open warning for both sides.
    await raiseWarnings(seedData(context));
    // The bending tool it paid for, accepted and approved.
    const [signed] = await data.list(contract, { contractId: toSign.contractId, status: 'EFFECTIVE' });
    if (!signed) return;
    const accepted = await data.save(assetAcceptance, {
      contractId: signed.contractId,
      assetType: 'TOOLING',
      assetNumber: 'MJ-HD-0001',
      acceptanceDate: day(0),
      acceptanceStandard: '试模 300 件，首件与末件尺寸全检合格',
      result: 'PASSED',
      responsiblePerson: '张伟',
      lines: [
        {
          lineNum: 1,
          lineKind: 'TOOL',
          assetName: '支架折弯模',
          specification: '4 工位',
          quantity: 1,
          uomName: '套',
        },
        { lineNum: 2, lineKind: 'TOOL', assetName: '支架检具', quantity: 1, uomName: '件' },
      ],
    });
    await demoActions(context, assetAcceptance, accepted.acceptanceId, ['doSubmit', 'doApproval']);
    // A first call-off of 20,000 of its 50,000 screws, submitted: the contract is 40 % executed.
    const [line] = (await data.find(contract, signed.contractId)).items;
    const [type] = await data.list(billType, { status: 'ENABLED', docCategory: 'ORDER' }, { limit: 1 });
    if (!line?.itemId || !type) return;
    const callOff = await data.save(order, {
      billTypeId: type.billTypeId,
      orgId: signed.orgId,
      supplierId: signed.supplierId,
      currencyId: signed.currencyId,
      orderDate: day(0),
      buyerName: '张伟',
      lines: [
        {
          lineNum: 1,
          itemId: line.itemId,
          quantity: 20000,
          unitPriceExclTax: line.unitPrice,
          taxRate: line.taxRate,
          needByDate: day(10),
          contractId: signed.contractId,
          contractItemId: line.contractItemId,
        },
      ],
    });
    await data.patch(order, callOff.poHeaderId, { sourceType: 'CONTRACT', sourceNum: signed.contractNumber });
    await demoActions(context, order, callOff.poHeaderId, ['doSubmit']);
  },
  { installation: true },
);

/** The warnings program (its parameter defaults are the daily job's rules: warning.daily.ts). */
const warningProgram = defineSeed('contract.programs', async (context) => {
  const param = (
    lineNum: number,
    paramName: string,
    paramLabel: string,
    paramLabelEn: string,
    value: string,
  ) => ({
    lineNum,
    paramName,
    paramLabel,
    paramLabelEn,
    paramKind: 'TEXT',
    defaultType: 'LITERAL',
    defaultValue: value,
  });
  await context.put(
    'baseConcurrentProgram',
    { programCode: 'CCT_CONTRACT_WARNINGS' },
    {
      programCode: 'CCT_CONTRACT_WARNINGS',
      programName: '合同预警',
      programNameEn: 'Contract warnings',
      moduleCode: 'PUR',
      executableName: 'CCT_CONTRACT_WARNINGS',
      retentionDays: 30,
      params: [
        param(
          1,
          'expiringDays',
          '到期提前预警天数（逗号分隔）',
          'Days before the end (comma-separated)',
          '30,7,0',
        ),
        param(2, 'stageDueDays', '付款到期提前天数', 'Days before a payment is due', '7'),
        param(3, 'unsignedDays', '定稿后未签署天数', 'Days a finalized contract may stay unsigned', '7'),
        param(
          4,
          'executedPercent',
          '执行比例预警（%）',
          'Warn when orders took this share of the amount (%)',
          '90',
        ),
      ],
    },
    { params: ['paramName'] },
  );
  // Administrators and buyers may run it (后台作业 → 提交请求); it runs daily by itself as a job
  // (warning.daily.ts), so no schedule is seeded (a schedule is its submitter's work).
  const responsibility = (code: string) => context.findId('baseResponsibility', { responsibilityCode: code });
  const [admin, buyer] = [await responsibility('SYS_ADMIN'), await responsibility('BUYER')];
  if (admin === null) return;
  await context.put(
    'baseRequestGroup',
    { groupCode: 'CCT_PROGRAMS' },
    {
      groupCode: 'CCT_PROGRAMS',
      groupName: '合同作业',
      maxActivePerUser: 0,
      programs: [
        {
          lineNum: 1,
          programId: await context.idOf('baseConcurrentProgram', { programCode: 'CCT_CONTRACT_WARNINGS' }),
        },
      ],
      responsibilities: [
        { lineNum: 1, responsibilityId: admin },
        ...(buyer === null ? [] : [{ lineNum: 2, responsibilityId: buyer }]),
      ],
    },
    { programs: ['programId'], responsibilities: ['responsibilityId'] },
  );
});

/**
 * Two watermark rules: internal readers' copies name the reader and say they are internal;
 * suppliers' copies name the supplier, the reader, the day and the address it was fetched from.
 */
const watermarks = defineSeed('contract.watermarks', async (context) => {
  const data = seedData(context);
  if ((await data.list(contractWatermark, {}, { limit: 1 })).length) return;
  await data.save(contractWatermark, {
    watermarkName: '内部查阅水印',
    side: 'INSIDE',
    textTemplate: '{fullName} {orgName} {date} 内部资料',
    opacity: 0.12,
    angle: 30,
    fontSize: 16,
    tiled: 'Y',
    sortNo: 10,
    enabledFlag: 'Y',
  });
  await data.save(contractWatermark, {
    watermarkName: '供应商查阅水印',
    side: 'SUPPLIER',
    textTemplate: '{supplierName} {fullName} {date} {ip}',
    opacity: 0.15,
    angle: 30,
    fontSize: 16,
    tiled: 'Y',
    sortNo: 10,
    enabledFlag: 'Y',
  });
});

export const contractSeeds: Seed[] = [warningProgram, watermarks, demoContracts, demoFinalize, demoSigning];
