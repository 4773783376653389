// Chat and OA sync of settlement (catalogue §7.2; ADR 0027 §11): outbound interface definitions
// of the interfaces area, triggered by settlement's actions — a payment application or an advance
// submitted starts the OA's approval form (amount in figures and in capitals, its lines), a
// statement the supplier confirmed is announced in the buyer's chat. The demo installs them as
// drafts (no OA answers on the demo's machine); an administrator points them at the company's OA
// and makes them effective. Nothing of them reaches a supplier: interfaces are internal.

const money = { transform: 'DECIMAL_SCALE', transformArg: '2' } as const;

interface RequestMap {
  readonly lineNum: number;
  readonly targetPath: string;
  readonly sourceType: 'FIELD' | 'CONSTANT' | 'KEY';
  readonly sourcePath?: string;
  readonly constantValue?: string;
  readonly transform?: string;
  readonly transformArg?: string;
}

export interface OaDefinition {
  readonly definitionCode: string;
  readonly definitionName: string;
  readonly definitionNameEn: string;
  readonly targetSystem: 'OA' | 'CHAT';
  readonly businessEntity: string;
  readonly triggerAction: string;
  readonly requestPath: string;
  readonly idempotencyKeyTemplate: string;
  readonly orderingKeyTemplate: string;
  readonly description: string;
  readonly reqMaps: readonly RequestMap[];
}

const maps = (rows: readonly Omit<RequestMap, 'lineNum'>[]): RequestMap[] =>
  rows.map((row, index) => ({ lineNum: index + 1, ...row }));

export const OA_DEFINITIONS: readonly OaDefinition[] = [
  {
    definitionCode: 'STL_PAYMENT_TO_OA',
    definitionName: '付款申请提交OA审批',
    definitionNameEn: 'Payment applications to the OA for approval',
    targetSystem: 'OA',
    businessEntity: 'srmStlPaymentHeader',
    triggerAction: 'doSubmit',
    requestPath: '/api/oa/payment',
    // Each submission (a rejected application submitted again) starts its own OA form.
    idempotencyKeyTemplate: 'PAY-{paymentNumber}-{versionNum}',
    orderingKeyTemplate: '{paymentNumber}',
    description: '付款申请提交后在OA发起付款审批流程，金额含大写。',
    reqMaps: maps([
      { targetPath: 'bizId', sourceType: 'KEY' },
      { targetPath: 'formType', sourceType: 'CONSTANT', constantValue: 'SRM_PAYMENT' },
      { targetPath: 'applyNo', sourceType: 'FIELD', sourcePath: 'paymentNumber' },
      { targetPath: 'payee', sourceType: 'FIELD', sourcePath: 'supplierName' },
      { targetPath: 'company', sourceType: 'FIELD', sourcePath: 'orgName' },
      { targetPath: 'currency', sourceType: 'FIELD', sourcePath: 'currencyCode' },
      { targetPath: 'applyDate', sourceType: 'FIELD', sourcePath: 'applyDate', transform: 'DATE_YMD' },
      { targetPath: 'amount', sourceType: 'FIELD', sourcePath: 'payAmount', ...money },
      { targetPath: 'amountInWords', sourceType: 'FIELD', sourcePath: 'payAmount', transform: 'CN_CAPITALS' },
      { targetPath: 'invoiceAmount', sourceType: 'FIELD', sourcePath: 'invoiceAmount', ...money },
      { targetPath: 'advanceAmount', sourceType: 'FIELD', sourcePath: 'advanceAmount', ...money },
      { targetPath: 'deductionAmount', sourceType: 'FIELD', sourcePath: 'deductionAmount', ...money },
      { targetPath: 'items[].type', sourceType: 'FIELD', sourcePath: 'lines[].sourceType' },
      { targetPath: 'items[].number', sourceType: 'FIELD', sourcePath: 'lines[].sourceNumber' },
      { targetPath: 'items[].amount', sourceType: 'FIELD', sourcePath: 'lines[].amount', ...money },
    ]),
  },
  {
    definitionCode: 'STL_ADVANCE_TO_OA',
    definitionName: '预付款申请提交OA审批',
    definitionNameEn: 'Advance applications to the OA for approval',
    targetSystem: 'OA',
    businessEntity: 'srmStlAdvance',
    triggerAction: 'doSubmit',
    requestPath: '/api/oa/advance',
    idempotencyKeyTemplate: 'ADV-{advanceNumber}-{versionNum}',
    orderingKeyTemplate: '{advanceNumber}',
    description: '预付款申请提交后在OA发起预付款审批流程，金额含大写。',
    reqMaps: maps([
      { targetPath: 'bizId', sourceType: 'KEY' },
      { targetPath: 'formType', sourceType: 'CONSTANT', constantValue: 'SRM_ADVANCE' },
      { targetPath: 'applyNo', sourceType: 'FIELD', sourcePath: 'advanceNumber' },
      { targetPath: 'payee', sourceType: 'FIELD', sourcePath: 'supplierName' },
      { targetPath: 'company', sourceType: 'FIELD', sourcePath: 'orgName' },
      { targetPath: 'orderNo', sourceType: 'FIELD', sourcePath: 'poNumber' },
      { targetPath: 'currency', sourceType: 'FIELD', sourcePath: 'currencyCode' },
      { targetPath: 'amount', sourceType: 'FIELD', sourcePath: 'amount', ...money },
      { targetPath: 'amountInWords', sourceType: 'FIELD', sourcePath: 'amount', transform: 'CN_CAPITALS' },
      { targetPath: 'reason', sourceType: 'FIELD', sourcePath: 'reason' },
    ]),
  },
  {
    definitionCode: 'STL_STATEMENT_TO_CHAT',
    definitionName: '供应商确认对账单通知企业微信',
    definitionNameEn: 'Statements confirmed by the supplier, to the chat',
    targetSystem: 'CHAT',
    businessEntity: 'srmStlAccountHeader',
    triggerAction: 'doSupplierConfirm',
    requestPath: '/api/chat/statement',
    idempotencyKeyTemplate: 'STMT-{accountNumber}',
    orderingKeyTemplate: '{accountNumber}',
    description: '供应商确认对账单后在企业微信群通知财务，可据此安排开票与付款。',
    reqMaps: maps([
      { targetPath: 'bizId', sourceType: 'KEY' },
      { targetPath: 'msgtype', sourceType: 'CONSTANT', constantValue: 'srm_statement' },
      { targetPath: 'statementNo', sourceType: 'FIELD', sourcePath: 'accountNumber' },
      { targetPath: 'supplier', sourceType: 'FIELD', sourcePath: 'supplierName' },
      { targetPath: 'periodFrom', sourceType: 'FIELD', sourcePath: 'periodStartDate', transform: 'DATE_YMD' },
      { targetPath: 'periodTo', sourceType: 'FIELD', sourcePath: 'periodEndDate', transform: 'DATE_YMD' },
      { targetPath: 'amount', sourceType: 'FIELD', sourcePath: 'amountInclTax', ...money },
      { targetPath: 'currency', sourceType: 'FIELD', sourcePath: 'currencyCode' },
    ]),
  },
];

/** A definition's save body, calling `baseUrl` (the OA's or chat's address). */
export function oaDefinitionBody(definition: OaDefinition, baseUrl: string) {
  return {
    ...definition,
    triggerType: 'ACTION',
    httpMethod: 'POST',
    bodyFormat: 'JSON',
    authType: 'NONE',
    successPath: 'code',
    successValue: '0',
    retryLimit: 5,
    retryDelayMs: 2_000,
    retryMaxDelayMs: 60_000,
    configs: [{ envCode: 'PROD', baseUrl }],
    reqMaps: definition.reqMaps,
  };
}
