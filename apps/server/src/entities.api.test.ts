// The generated API suite: every entity registered in the server is created, found, listed by
// each of its filters, sorted by each sortable field, updated with a stale version, sent
// unknown and read-only fields, acted on from a wrong state and deleted — by itself, with no
// test written for it. Entities whose rules need more than field-level validity get a sample
// adjustment below.
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_TYPES, supplierCategoryOrg } from '@srm/domain/supplier';
import {
  type EntityDef,
  STATUS_FIELD,
  filterableFields,
  sortableFields,
  withCreditCodeCheck,
} from '@srm/kernel';
import { SampleFactory, type SampleOverrides, TEST_ACTOR_HEADER } from '@srm/platform/testing';
import { registry } from './schema';
import { SYSTEM_ACTOR, dataApi, decideAll, docxOf, wordParagraph } from '@srm/platform';
import { singleApproverTemplates } from '@srm/domain/server';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;

/** Qualification requirements sampled so far: one credential type each (one per category, scope and type). */
let requirements = 0;

/** The responsibility the samples are written in: a schedule needs its program in one of its request groups. */
let responsibilityId = 0;

/** Change infos sampled so far: each with a supplier of its own. */
let changes = 0;

/** Message templates sampled so far: each takes a source of its own (one template per source, channel and language). */
let templates = 0;

const overrides: SampleOverrides = {
  // A credential ends on a day or is long-term valid, not both.
  srmSupplierCredential: (row) => ({ ...row, longTermFlag: 'N' }),
  srmSupplierChangeCredential: (row) => ({ ...row, longTermFlag: 'N' }),
  srmSupplierRegisterCredential: (row) => ({ ...row, longTermFlag: 'N' }),
  // An introduction's steps come from its scene when it starts; one runs per supplier, category
  // and organisation, so each sample takes a category of its own.
  srmSupplierIntro: async (row, _n, factory) => ({
    ...row,
    steps: [],
    categoryId: await factory.fresh('srmBaseCategory'),
  }),
  // A censor of its own (one serving an introduction needs it running); its lines are the
  // platform's, from the requirements.
  srmQualifyCensor: (row) => ({ ...row, introId: null, requires: [] }),
  // A locale inspection of its own in draft: the items and scores come when scoring starts; its
  // template is a scoring template with items weighing 100.
  srmLocaleInspection: async (row) => ({
    ...row,
    introId: null,
    items: [],
    scores: [],
    passScore: 80,
    conditionalScore: 60,
    templateId: await scoringTemplate(),
  }),
  // A sample trial of its own in draft; evaluators record verdicts once the samples are in.
  srmSampleTrial: (row) => ({
    ...row,
    introId: null,
    results: ((row.results as Row[] | undefined) ?? []).map((result) => ({ ...result, verdict: 'PENDING' })),
  }),
  // An agreement of its own in draft: its clauses come from its template.
  // A batch trial of its own in draft, without an order: its material lies in its category and a
  // mandatory evaluator gives no verdict before it starts.
  srmBatchTrial: async (row, _n, factory) => {
    const itemId = await factory.fresh('srmBaseItem');
    const material = await server.first<Row>('srmBaseItem', { itemId });
    const moved = await server.post(`${registry.get('srmBaseItem').apiPath}/saveOrUpdate`, {
      itemId,
      versionNum: material.versionNum,
      categoryId: row.categoryId,
    });
    if (moved.body.status !== 'S') throw new Error(`batch trial sample material: ${moved.body.msg}`);
    return {
      ...row,
      introId: null,
      poHeaderId: null,
      lines: [{ itemId, trialQuantity: 5 }],
      feedbacks: ((row.feedbacks as Row[] | undefined) ?? []).map((feedback) => ({
        ...feedback,
        mandatoryFlag: 'Y',
        verdict: 'PENDING',
      })),
    };
  },
  srmAgreementSign: (row) => ({ ...row, introId: null, clauses: [], rounds: [] }),
  // A rectification task made by hand starts as a draft; the supplier's answer comes once issued.
  srmSupplierRectify: ({ rootCause: _c, correctiveAction: _a, completedDate: _d, evidenceIds: _e, ...row }) =>
    row,
  srmSurveyTemplate: (row) => ({
    ...row,
    usage: 'INSPECTION',
    lines: [{ lineNum: 1, questionText: '样例评分项', questionType: 'SCORE', weight: 100 }],
  }),
  // A bank question with options is a choice.
  srmSurveyQuestion: (row) => ({
    ...row,
    questionType: 'SINGLE',
    options: [
      { optionNum: 1, optionText: '是', points: 5 },
      { optionNum: 2, optionText: '否', points: 0 },
    ],
  }),
  // A questionnaire in draft: its questions and options come from its questionnaire template.
  srmQuestionnaire: async (row) => ({
    ...row,
    questions: [],
    options: [],
    dueDate: '2099-12-31',
    templateId: await questionnaireTemplate(),
  }),
  // A satisfaction survey in draft over a period: its items, scores and summary come later.
  srmSatisfactionSurvey: async (row) => ({
    ...row,
    periodFrom: '2026-01-01',
    periodTo: '2026-12-31',
    items: [],
    scores: [],
    summary: [],
    templateId: await satisfactionTemplate(),
  }),
  // A quit lies ahead; a whole supplier's names no lines.
  srmSupplierQuit: (row) => ({ ...row, quitScope: 'WHOLE', effectiveDate: '2099-12-31', lines: [] }),
  // A blacklist entry is permanent or ends on a later day; each requirement its own credential type.
  srmSupplierBlacklist: (row) => ({ ...row, permanentFlag: 'N', relieveDate: '2099-12-31', scopeOrder: 'Y' }),
  srmQualificationRequirement: (row) => ({
    ...row,
    credentialType: CREDENTIAL_TYPES[requirements++ % CREDENTIAL_TYPES.length],
  }),
  baseMessageTemplate: async (row) => {
    const sources = await server.post<Row[]>('/api/message/v1/baseMessageSourceRestful/listByPage', {
      pageRows: 100,
    });
    const source = sources.body.data[templates++ % sources.body.data.length]!;
    // An e-mail template: the SMS fields (provider template code, signature) do not apply.
    return {
      ...row,
      sourceId: source.sourceId,
      channel: 'EMAIL',
      subject: '样例主题',
      body: '<p>样例正文</p>',
      templateCode: null,
      signName: null,
    };
  },
  // A config names a source about a document, a user on it and a field of it.
  baseMessageConfig: async (row) => {
    const sources = await server.post<Row[]>('/api/message/v1/baseMessageSourceRestful/listByPage', {
      sourceCode: 'PO_RELEASED',
    });
    return {
      ...row,
      sourceId: sources.body.data[0]!.sourceId,
      inAppFlag: 'Y',
      // No chat robot or work notice: those need an interface definition about message instances.
      chatInterface: null,
      workNoticeInterface: null,
      recipients: [{ recipientType: 'DOCUMENT_USER', fieldName: 'createdBy' }],
      conditions: [{ fieldName: 'amountInclTax', operator: 'GE', compareValue: '1000' }],
    };
  },
  // A message is written to someone who can receive it: a colleague.
  baseMessageSend: async (row, _n, factory) => ({
    ...row,
    targets: [{ targetType: 'USER', userId: await factory.fresh('baseUser') }],
  }),
  // A suspension names a qualified library line of its supplier.
  srmSupplierLineChange: async (row, _n, factory) => {
    const categoryId = await factory.fresh('srmBaseCategory');
    const orgId = await factory.fresh('srmBaseOrg');
    await qualifiedLine(row.supplierId as number, categoryId, orgId);
    return { ...row, changeType: 'SUSPEND', lines: [{ categoryId, orgId }] };
  },
  // One change info may be open per supplier: each sample changes a supplier of its own.
  srmSupplierChange: async (row) => {
    const n = String(changes++).padStart(4, '0');
    const supplier = await server.post<Row>('/api/srm/v1/srmSupplierInfoRestful/saveOrUpdate', {
      supplierName: `样例变更供应商${n}`,
      creditCode: withCreditCodeCheck(`91320505MA1T${n}X`),
      contactName: '样例',
      contactMobile: '13800000000',
      contactEmail: `change${n}@example.cn`,
    });
    if (supplier.body.status !== 'S') throw new Error(`change sample supplier: ${supplier.body.msg}`);
    return { ...row, supplierId: supplier.body.data.supplierId };
  },
  // A program's sample parameter is optional text (a required one would need a value in every
  // request and schedule of the samples).
  baseConcurrentProgram: (row) => ({
    ...row,
    params: [
      {
        lineNum: 1,
        paramName: 'note',
        paramLabel: '备注',
        paramKind: 'TEXT',
        requiredFlag: 'N',
        defaultType: 'NONE',
      },
    ],
  }),
  // A schedule: a readable expression and zone, a program (no request set), parameters it takes,
  // and the program in a request group of the caller's responsibility.
  baseScheduleJob: async (row, _n, samples) => {
    // A program with its values (the sample leaves optional references empty), not a request set.
    const programId = (await samples.create('baseConcurrentProgram')).programId;
    await server.post('/api/schedule/v1/baseRequestGroupRestful/saveOrUpdate', {
      groupCode: `SAMPLE_${String(programId)}`,
      groupName: '样例请求组',
      programs: [{ lineNum: 1, programId }],
      responsibilities: [{ lineNum: 1, responsibilityId }],
    });
    const { endDate: _end, runAt: _at, requestSetId: _set, ...rest } = row;
    return {
      ...rest,
      programId,
      scheduleType: 'CRON',
      cronExpression: '*/5 * * * *',
      timeZone: 'Asia/Shanghai',
      parameters: { note: 'x' },
    };
  },
  // A request set's stages give values their programs take (the sample program's only one is note).
  baseRequestSet: (row) => ({
    ...row,
    stages: ((row.stages as Row[] | undefined) ?? []).map((stage) => ({
      ...stage,
      parameters: { note: 'x' },
    })),
  }),
  // An interface definition names a business object and an action it has, and no interceptor
  // the sample's text would name.
  baseScsiDefinition: (row) => ({
    ...row,
    businessEntity: 'srmPoHeader',
    triggerType: 'ACTION',
    triggerAction: 'doApproval',
    headerInterceptor: null,
    paramsInterceptor: null,
    requestPath: '/po',
    idempotencyKeyTemplate: 'PO-{poNumber}',
    orderingKeyTemplate: null,
    // An answer is written back to a plain text field of the order only.
    resMaps: ((row.resMaps as Row[] | undefined) ?? []).map((line) => ({
      ...line,
      targetField: 'erpPoNumber',
    })),
  }),
  // Node percentages must make 100.
  srmBasePaymentTerm: (row) => ({
    ...row,
    nodes: [{ ...((row.nodes as Row[] | undefined)?.[0] ?? {}), nodeNum: 1, percent: 100 }],
  }),
  // ISO 4217 codes: three capital letters.
  srmBaseCurrency: (row, n) => ({
    ...row,
    currencyCode: String.fromCharCode(65 + (n % 26), 65 + ((n / 26) % 26), 81),
  }),
  // Storage locations live in inventory organisations.
  srmBaseOrg: (row) => ({ ...row, orgType: 'INV_ORG' }),
  // A rate converts between two different currencies.
  srmBaseExchangeRate: async (row, _n, factory) => ({
    ...row,
    toCurrencyId: await factory.fresh('srmBaseCurrency'),
  }),
  // A process template names a document type and approvers for each node; disabled, since no
  // document of the registry may name its random key.
  srmBaseProcessTemplate: (row) => ({
    ...row,
    entityName: 'baseUser',
    enabledFlag: 'N',
    nodes: [{ nodeNum: 1, nodeName: 'n', signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, approverType: 'DEPT_HEAD' }],
  }),
  // A delegation goes to another user.
  baseUserAuthorisation: async (row, _n, factory) => ({ ...row, toUserId: await factory.fresh('baseUser') }),
  // An OU receives into an inventory organisation.
  srmBaseOrgRelation: async (row, _n, factory) => {
    const ou = await factory.create('srmBaseOrg').then(async (org) => {
      const saved = await factory.update('srmBaseOrg', org, { orgType: 'OU' });
      return saved.orgId as number;
    });
    const relationType = await factory.ensureCode('BASE_ORG_RELATION_TYPE', 'OU_INV');
    return { ...row, relationType, fromOrgId: ou, toOrgId: await factory.fresh('srmBaseOrg') };
  },
  // An ASL application line for a material of its own (a second one for the same would be refused).
  srmPurAslApplyLine: async (row, _n, factory) => ({ ...row, itemId: await factory.fresh('srmBaseItem') }),
  // A delivery notice calls off an open line of a released order of its supplier and organisation;
  // the order's approval is skipped (no process template here) by setting its state directly.
  srmPurDeliveryNotice: async (row, _n, factory) => {
    const order = await factory.create('srmPoHeader');
    const table = server.runtime.table('srmPoHeader');
    await server.runtime
      .executor()
      .update(table)
      .set({ status: 'RELEASED' })
      .where(eq(table.poHeaderId as AnyPgColumn, order.poHeaderId as number));
    const line = (order.lines as Row[])[0]!;
    return {
      ...row,
      supplierId: order.supplierId,
      orgId: order.orgId,
      deliveryInfoId: null,
      lines: [{ lineNum: 1, poLineId: line.poLineId, quantity: 1, needByDate: '2026-12-01' }],
    };
  },
  // An application lists a supplier the library qualifies for the material's category there.
  srmPurAslApply: async (row, _n, factory) => {
    const line = (row.lines as Row[])[0]!;
    const itemId = await itemInFreshCategory(factory, line.supplierId as number, row.orgId as number);
    return { ...row, lines: [{ ...line, itemId, categoryId: null }] };
  },
  // An agreement's supplier must be qualified and on the approved supplier list for its materials
  // to submit it.
  srmPurAgreement: async (row, _n, factory) => {
    const first = (row.lines as Row[])[0]!;
    const itemId = await itemInFreshCategory(factory, row.supplierId as number, row.orgId as number);
    const applied = await server.post<Row>('/api/srm/v1/srmPurAslApplyRestful/saveOrUpdate', {
      orgId: row.orgId,
      applyReason: 'sample',
      lines: [{ supplierId: row.supplierId, itemId }],
    });
    await approveAslApply(applied.body.data.aslApplyId as number);
    return { ...row, lines: [{ ...first, itemId }] };
  },
  // An ASL alteration changes an entry, which only an approved application creates.
  srmPurAslAlteration: async (row) => {
    const applied = await factory.create('srmPurAslApply');
    await approveAslApply(applied.aslApplyId as number);
    const line = (applied.lines as Row[])[0]!;
    const entries = await server.post<Row[]>('/api/srm/v1/srmPurAslRestful/listByPage', {
      supplierId: line.supplierId,
      itemId: line.itemId,
    });
    const aslId = entries.body.data[0]!.aslId;
    return { ...row, orgId: applied.orgId, lines: [{ ...(row.lines as Row[])[0], aslId }] };
  },
  // A notice's type publishes without approval (the sample's checkboxes would ask for one).
  srmNotice: async (row, _n, factory) => {
    const type = await factory.create('srmNoticeConfig');
    const plain = await factory.update('srmNoticeConfig', type, { approvalFlag: 'N', noticeKind: 'NOTICE' });
    return { ...row, noticeKind: 'NOTICE', configId: plain.configId, content: '<p>样例公告</p>' };
  },
  // An unsubscribe's address fits its channel (an e-mail address, or a mobile number for SMS).
  baseMessageUnsubscribe: async (row, n) => ({
    ...row,
    address: row.channel === 'SMS' ? `1380000${String(n).padStart(4, '0')}` : `td${n}@example.com`,
  }),
  // A shared file is published with a file.
  srmCommonFile: async (row) => ({ ...row, attachmentIds: String(await uploadedDocx()) }),
  // A pattern-making request is sent with its quote date ahead.
  srmPatternMaking: async (row) => ({ ...row, quoteDueDate: '2099-12-31' }),
  // An inquiry's deadline lies ahead, its tiers read as quantities; its suppliers are qualified
  // ones (none here: eligibility is the inquiry test's).
  srmInquiry: async (row) => ({
    ...row,
    quoteDeadline: Date.parse('2099-12-31T09:00:00Z'),
    qaDeadline: null,
    items: (row.items as Row[]).map((item) => ({ ...item, ladder: '1000,5000' })),
    suppliers: [],
  }),
  // An auction starts in the future (the bidding-time rule), with no suppliers to check.
  srmAuction: async (row) => ({
    ...row,
    startDate: Date.parse('2099-12-30T09:00:00Z'),
    endDate: Date.parse('2099-12-31T09:00:00Z'),
    decrementType: 'AMOUNT',
    suppliers: [],
  }),
  // An award names an opened inquiry (its opening is skipped by setting the state directly).
  srmInquiryAward: async (row, _n, factory) => {
    const made = await factory.create('srmInquiry');
    const table = server.runtime.table('srmInquiry');
    await server.runtime
      .executor()
      .update(table)
      .set({ status: 'OPENED' })
      .where(eq(table.inquiryId as AnyPgColumn, made.inquiryId as number));
    return { ...row, inquiryId: made.inquiryId, validFrom: '2026-12-01', validTo: '2027-11-30', lines: [] };
  },
  // An auction item category of its own category, disabled: a listed one would oblige every
  // auction sample to name it.
  srmAuctionCategory: async (row, _n, factory) => ({
    ...row,
    categoryId: (await factory.create('srmBaseCategory')).categoryId,
    enabledFlag: 'N',
  }),
  // An auction's award names an opened auction (set directly: opening needs its end to pass).
  srmAuctionAward: async (row, _n, factory) => {
    const made = await factory.create('srmAuction');
    const table = server.runtime.table('srmAuction');
    await server.runtime
      .executor()
      .update(table)
      .set({ status: 'OPENED' })
      .where(eq(table.auctionId as AnyPgColumn, made.auctionId as number));
    return { ...row, auctionId: made.auctionId, validFrom: '2026-12-01', validTo: '2027-11-30', lines: [] };
  },
  // One library line per supplier, category and organisation.
  srmSupplierCategoryOrg: async (row, _n, factory) => ({
    ...row,
    categoryId: await factory.fresh('srmBaseCategory'),
  }),
  // Purchasing documents name an enabled document type of their kind; an order's line needs an
  // approved supplier list entry for its supplier, material and organisation.
  srmPurRequisitionHeader: async (row, n) => ({
    ...row,
    billTypeId: await enabledBillType('REQUISITION', n),
  }),
  srmPoHeader: async (row, n, factory) => {
    const itemId = await itemInFreshCategory(factory, row.supplierId as number, row.orgId as number);
    const applied = await server.post<Row>('/api/srm/v1/srmPurAslApplyRestful/saveOrUpdate', {
      orgId: row.orgId,
      applyReason: '样例',
      lines: [{ supplierId: row.supplierId, itemId }],
    });
    await approveAslApply(applied.body.data.aslApplyId as number);
    return {
      ...row,
      billTypeId: await enabledBillType('ORDER', n),
      lines: [{ lineNum: 1, itemId, quantity: 2, unitPriceExclTax: 1.5, needByDate: '2026-12-01' }],
    };
  },
  // A receipt names a delivery note its supplier has submitted against a released order; the
  // order's approval is skipped (no process template here) by setting its state directly.
  srmPurReceiveHeader: async (row, _n, factory) => {
    const order = await factory.create('srmPoHeader');
    const table = server.runtime.table('srmPoHeader');
    await server.runtime
      .executor()
      .update(table)
      .set({ status: 'RELEASED' })
      .where(eq(table.poHeaderId as AnyPgColumn, order.poHeaderId as number));
    const actor = {
      userId: 1,
      userName: 'sample',
      side: 'supplier' as const,
      supplierId: order.supplierId as number,
    };
    const note = await server.post<Row>(
      '/api/srm/v1/srmPurAsnHeaderRestful/createFromOrderLines',
      { lines: [{ poLineId: (order.lines as Row[])[0]!.poLineId }] },
      { actor },
    );
    await server.post(
      '/api/srm/v1/srmPurAsnHeaderRestful/doSubmit',
      { asnHeaderId: note.body.data.asnHeaderId },
      { actor },
    );
    return {
      ...row,
      receiveType: 'RECEIVE',
      asnHeaderId: note.body.data.asnHeaderId,
      originalReceiveHeaderId: null,
      storageLocationId: await factory.fresh('srmBaseStorageLocation'),
      lines: [],
    };
  },
  // A payment application's lines name matched invoices; the sample is the header alone.
  srmStlPaymentHeader: async (row) => ({ ...row, lines: [] }),
  // A contract template's body is a Word document of its own, checked on save; one position per party.
  srmCctTemplate: async (row) => ({
    ...row,
    bodyFileIds: String(await uploadedDocx()),
    signs: [{ ...(row.signs as Row[])[0], party: 'PARTY_A' }],
    // Its default payment stages share out 100%: one stage takes it all.
    stages: ((row.stages as Row[] | undefined) ?? []).slice(0, 1).map((stage) => ({ ...stage, ratio: 100 })),
    // Clause slots name clauses in effect; the sample clause is a draft.
    clauses: [],
  }),
  // A contract's documents are the platform's (generated or uploaded through its endpoints).
  srmCctContract: (row) => ({ ...row, documents: [] }),
  // An asset acceptance is of a contract in effect: its approval and signing are skipped here by
  // setting its state directly.
  srmCctAssetAcceptance: async (row, _n, factory) => {
    const made = await factory.create('srmCctContract');
    const table = server.runtime.table('srmCctContract');
    await server.runtime
      .executor()
      .update(table)
      .set({ status: 'EFFECTIVE' })
      .where(eq(table.contractId as AnyPgColumn, made.contractId as number));
    return { ...row, contractId: made.contractId };
  },
  // A sign account of the buying side names its unit (a supplier's, its supplier) and its code.
  srmCctSignAccount: async (row, _n, factory) => ({
    ...row,
    accountType: 'ORG',
    ownerType: 'BUYER',
    orgId: await factory.fresh('srmBaseOrg'),
    supplierId: null,
    creditCode: withCreditCodeCheck('91320500MA1MC0001'),
  }),
  // A balance confirmation's lines are the ledger's postings, taken by the platform; its period
  // ends by today.
  srmStlRcnHeader: async (row) => ({
    ...row,
    periodStartDate: '2026-01-01',
    periodEndDate: '2026-01-31',
    lines: [],
  }),
  // An exclusion holds a posted receipt line that no statement settles.
  srmStlExcludeHeader: async (row, _n, factory) => {
    const api = '/api/srm/v1/srmPurReceiveHeaderRestful';
    const receipt = await factory.create('srmPurReceiveHeader');
    const posted = await server.post(`${api}/doPost`, { receiveHeaderId: receipt.receiveHeaderId });
    if (posted.body.status !== 'S') throw new Error(`sample exclusion, receipt: ${posted.body.msg}`);
    const found = await server.post<Row>(`${api}/findById`, { receiveHeaderId: receipt.receiveHeaderId });
    return {
      ...row,
      supplierId: receipt.supplierId,
      orgId: receipt.orgId,
      lines: [{ lineNum: 1, receiveLineId: (found.body.data.lines as Row[])[0]!.receiveLineId }],
    };
  },
  // A write-off clears a posted receipt line against a posted return of it.
  srmPurWriteOff: async (row, _n, factory) => {
    const api = '/api/srm/v1/srmPurReceiveHeaderRestful';
    const receipt = await factory.create('srmPurReceiveHeader');
    const check = (answer: { body: { status: string; msg?: string } }, what: string) => {
      if (answer.body.status !== 'S') throw new Error(`sample write-off, ${what}: ${answer.body.msg}`);
    };
    check(await server.post(`${api}/doPost`, { receiveHeaderId: receipt.receiveHeaderId }), 'receipt');
    const returned = await server.post<Row>(`${api}/saveOrUpdate`, {
      receiveType: 'RETURN',
      originalReceiveHeaderId: receipt.receiveHeaderId,
      receiveDate: '2026-12-01',
    });
    check(returned, 'return');
    check(
      await server.post(`${api}/doPost`, { receiveHeaderId: returned.body.data.receiveHeaderId }),
      'post return',
    );
    const found = await server.post<Row>(`${api}/findById`, {
      receiveHeaderId: returned.body.data.receiveHeaderId,
    });
    const line = (found.body.data.lines as Row[])[0]!;
    return {
      ...row,
      supplierId: receipt.supplierId,
      orgId: receipt.orgId,
      lines: [
        {
          lineNum: 1,
          receiveLineId: line.originalReceiveLineId,
          offsetReceiveLineId: line.receiveLineId,
          quantity: line.quantity,
        },
      ],
    };
  },
};

let server: TestServer;
let factory: SampleFactory;

async function enabledBillType(docCategory: string, n: number): Promise<number> {
  const path = registry.get('srmPurBillType').apiPath;
  const saved = await server.post<Row>(`${path}/saveOrUpdate`, {
    billTypeCode: `T${docCategory.slice(0, 2)}${n}`,
    billTypeName: `类型${n}`,
    docCategory,
  });
  const id = saved.body.data.billTypeId;
  await server.post(`${path}/doEnable`, { billTypeId: id });
  return id as number;
}

/**
 * Submits an ASL application and approves it through its process (the approver's task), which
 * writes the approved supplier list entries other samples need. An application for what is
 * already listed (a sample made twice) is refused on submit: the entry is there already.
 */
let scoringTemplateId: number | null = null;
/** One scoring template for every sample inspection. */
/** A Word document using one of the contract dictionary's names, uploaded as the test caller. */
async function uploadedDocx(): Promise<number> {
  const form = new FormData();
  form.append(
    'files',
    new Blob([new Uint8Array(docxOf({ body: wordParagraph('合同 {contractNumber}') }))]),
    'sample.docx',
  );
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify({ userId: 1, userName: 'tester' }) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: { id: number }[] };
  if (body.status !== 'S') throw new Error(`sample docx: ${body.msg}`);
  return body.data[0]!.id;
}

async function scoringTemplate(): Promise<number> {
  if (scoringTemplateId !== null) return scoringTemplateId;
  const saved = await server.post<Row>('/api/srm/v1/srmSurveyTemplateRestful/saveOrUpdate', {
    templateCode: 'SAMPLE_AUDIT',
    templateName: '样例评分表',
    usage: 'INSPECTION',
    lines: [{ lineNum: 1, questionText: '样例评分项', questionType: 'SCORE', weight: 100 }],
  });
  if (saved.body.status !== 'S') throw new Error(`scoring template: ${saved.body.msg}`);
  scoringTemplateId = saved.body.data.templateId as number;
  return scoringTemplateId;
}

let questionnaireTemplateId: number | null = null;

/** A questionnaire template asking one bank question (made once). */
async function questionnaireTemplate(): Promise<number> {
  if (questionnaireTemplateId !== null) return questionnaireTemplateId;
  const question = await server.post<Row>('/api/srm/v1/srmSurveyQuestionRestful/saveOrUpdate', {
    questionCode: 'SAMPLE_QN_TEXT',
    questionText: '样例问题',
    questionType: 'TEXT',
    maxPoints: 10,
  });
  if (question.body.status !== 'S') throw new Error(`bank question: ${question.body.msg}`);
  const saved = await server.post<Row>('/api/srm/v1/srmSurveyTemplateRestful/saveOrUpdate', {
    templateCode: 'SAMPLE_QN',
    templateName: '样例问卷模板',
    usage: 'QUESTIONNAIRE',
    lines: [
      {
        lineNum: 1,
        questionId: question.body.data.questionId,
        questionText: '样例问题',
        questionType: 'TEXT',
      },
    ],
  });
  if (saved.body.status !== 'S') throw new Error(`questionnaire template: ${saved.body.msg}`);
  questionnaireTemplateId = saved.body.data.templateId as number;
  return questionnaireTemplateId;
}

let satisfactionTemplateId: number | null = null;

/** A satisfaction template: one scored item weighing 100 (made once). */
async function satisfactionTemplate(): Promise<number> {
  if (satisfactionTemplateId !== null) return satisfactionTemplateId;
  const saved = await server.post<Row>('/api/srm/v1/srmSurveyTemplateRestful/saveOrUpdate', {
    templateCode: 'SAMPLE_SAT',
    templateName: '样例满意度模板',
    usage: 'SATISFACTION',
    lines: [{ lineNum: 1, questionText: '样例评分项', questionType: 'SCORE', weight: 100 }],
  });
  if (saved.body.status !== 'S') throw new Error(`satisfaction template: ${saved.body.msg}`);
  satisfactionTemplateId = saved.body.data.templateId as number;
  return satisfactionTemplateId;
}

/** A fresh material in a fresh category, which the library qualifies the supplier for there. */
async function itemInFreshCategory(
  factory: SampleFactory,
  supplierId: number,
  orgId: number,
): Promise<number> {
  const categoryId = await factory.fresh('srmBaseCategory');
  const item = await factory.create('srmBaseItem');
  const itemId = (await factory.update('srmBaseItem', item, { categoryId })).itemId as number;
  await qualifiedLine(supplierId, categoryId, orgId);
  return itemId;
}

/** A library line of the supplier, qualified as the platform does at the end of an introduction. */
async function qualifiedLine(supplierId: number, categoryId: number, orgId: number): Promise<void> {
  const library = await server.post<Row>('/api/srm/v1/srmSupplierCategoryOrgRestful/saveOrUpdate', {
    supplierId,
    categoryId,
    orgId,
  });
  if (library.body.status !== 'S') throw new Error(`library line: ${library.body.msg}`);
  await server.runtime.transaction(async (tx) => {
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
      'test',
    );
    await data.act(supplierCategoryOrg, 'doQualify', [library.body.data.categoryOrgId as number]);
  });
}

async function approveAslApply(aslApplyId: number): Promise<void> {
  const submitted = await server.post('/api/srm/v1/srmPurAslApplyRestful/doSubmit', { aslApplyId });
  if (submitted.body.status !== 'S') return;
  await decideAll(server.runtime, 'srmPurAslApply', aslApplyId, 'approve');
}

beforeAll(async () => {
  server = await startTestServer();
  const responsibility = await server.post<Row>('/api/base/v1/baseResponsibilityRestful/saveOrUpdate', {
    responsibilityCode: 'SAMPLES',
    responsibilityName: '样例职责',
    side: 'INTERNAL',
  });
  responsibilityId = responsibility.body.data.responsibilityId as number;
  factory = new SampleFactory(
    registry,
    (path, body) => server.post(path, body, { actor: { responsibilityId } }),
    overrides,
  );
  // The ASL application's process, approved by a user other than the test caller (user 1).
  let approverId = 1;
  for (let n = 0; approverId === 1; n++) {
    const user = await server.post<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: `asl_approver_${n}`,
      userFullName: 'ASL approver',
      userType: 'INTERNAL',
    });
    expect(user.body.status, user.body.msg).toBe('S');
    approverId = user.body.data.userId as number;
  }
  const template = singleApproverTemplates(approverId).find((row) => row.entityName === 'srmPurAslApply')!;
  const saved = await server.post('/api/bpm/v1/srmBaseProcessTemplateRestful/saveOrUpdate', template);
  expect(saved.body.status, saved.body.msg).toBe('S');
});
afterAll(async () => server?.close());

const headers = registry.all().filter((entity) => !entity.parent);

function filterValue(entity: EntityDef, field: string, value: unknown): unknown {
  const kind = entity.fields[field]!.kind;
  if (kind === 'daterange' || kind === 'datetimerange') return undefined;
  return value;
}

describe.each(
  headers
    .filter((entity) => entity.writableBy.includes('internal'))
    .map((entity) => [entity.name, entity] as const),
)('%s', (_name, entity) => {
  const api = (action: string) => `${entity.apiPath}/${action}`;
  let created: Row;

  beforeAll(async () => {
    created = await factory.create(entity.name);
  });

  it('creates and finds a row', async () => {
    expect(created[entity.key]).toEqual(expect.any(Number));
    expect(created.versionNum).toBe(1);
    if (entity.workflow) expect(created[STATUS_FIELD]).toBe(entity.workflow.initial);
    const { httpStatus, body } = await server.post<Row>(api('findById'), {
      [entity.key]: created[entity.key],
    });
    expect(httpStatus).toBe(200);
    for (const [field, value] of Object.entries(created)) {
      if (field in entity.lines) continue;
      expect(body.data[field], field).toEqual(value);
    }
  });

  it('finds the row by each of its filters', async () => {
    for (const field of filterableFields(entity)) {
      const value = filterValue(entity, field, created[field]);
      if (value === null || value === undefined) continue;
      const { body } = await server.post<Row[]>(api('listByPage'), {
        [field]: value,
        pageRows: 500,
      });
      expect(body.status, `${field}: ${body.msg}`).toBe('S');
      expect(
        body.data.map((row) => row[entity.key]),
        `filter ${field}`,
      ).toContain(created[entity.key]);
    }
  });

  it('sorts by each sortable field, both ways', async () => {
    for (const field of sortableFields(entity)) {
      for (const order of ['asc', 'desc']) {
        const { body } = await server.post<Row[]>(api('listByPage'), {
          orderBy: `${field} ${order}`,
        });
        expect(body.status, `${field} ${order}: ${body.msg}`).toBe('S');
      }
    }
  });

  it.runIf(!entity.parent)('refuses a stale version with 409', async () => {
    const { httpStatus } = await server.post(api('saveOrUpdate'), {
      [entity.key]: created[entity.key],
      versionNum: 0,
    });
    expect(httpStatus).toBe(409);
  });

  it('refuses unknown and read-only fields', async () => {
    const unknown = await server.post(api('saveOrUpdate'), {
      ...(await factory.body(entity.name)),
      noSuchField: 1,
    });
    expect(unknown.httpStatus).toBe(400);
    const readonly = await server.post(api('saveOrUpdate'), {
      [entity.key]: created[entity.key],
      versionNum: created.versionNum,
      createdBy: 99,
    });
    expect(readonly.httpStatus).toBe(400);
  });

  it.runIf(!!entity.workflow)('refuses an action from a wrong state', async () => {
    const workflow = entity.workflow!;
    const action = Object.entries(workflow.actions).find(([, a]) => !a.from.includes(workflow.initial));
    if (!action) return;
    // With a comment, so an action that needs one is refused for its state, not for the comment.
    const { httpStatus } = await server.post(api(action[0]), {
      [entity.key]: created[entity.key],
      comment: '样例',
    });
    expect([403, 409]).toContain(httpStatus);
  });

  it.runIf(!!entity.workflow)('refuses to delete outside its deletable states', async () => {
    const workflow = entity.workflow!;
    const deletable = workflow.deletableIn ?? workflow.editableIn;
    const step = Object.entries(workflow.actions).find(
      ([, a]) =>
        a.from.includes(workflow.initial) &&
        a.to &&
        !deletable.includes(a.to) &&
        !a.system &&
        !a.approval &&
        (a.side ?? 'internal') !== 'supplier' &&
        !a.needs?.length,
    );
    if (!step) return;
    const row = await factory.create(entity.name);
    const acted = await server.post(api(step[0]), { [entity.key]: row[entity.key] });
    expect(acted.body.status, acted.body.msg).toBe('S');
    expect((await server.post(api('delete'), { [entity.key]: row[entity.key] })).httpStatus).toBe(409);
  });

  it('deletes a row in a deletable state', async () => {
    const workflow = entity.workflow;
    if (workflow && !(workflow.deletableIn ?? workflow.editableIn).includes(workflow.initial)) return;
    const row = await factory.create(entity.name);
    const { body } = await server.post(api('delete'), { [entity.key]: row[entity.key] });
    expect(body.status, body.msg).toBe('S');
    expect((await server.post(api('findById'), { [entity.key]: row[entity.key] })).httpStatus).toBe(404);
  });
});

describe.each(
  headers
    .filter((entity) => !entity.writableBy.includes('internal'))
    .map((entity) => [entity.name, entity] as const),
)('%s (not written by internal users: the platform or suppliers only)', (_name, entity) => {
  const api = (action: string) => `${entity.apiPath}/${action}`;

  it('lists and sorts, and refuses every write', async () => {
    expect((await server.post(api('listByPage'), {})).body.status).toBe('S');
    for (const field of sortableFields(entity)) {
      expect((await server.post(api('listByPage'), { orderBy: `${field} desc` })).body.status).toBe('S');
    }
    expect((await server.post(api('saveOrUpdate'), {})).httpStatus).toBe(403);
    expect((await server.post(api('delete'), { [entity.key]: 1 })).httpStatus).toBe(403);
  });
});
