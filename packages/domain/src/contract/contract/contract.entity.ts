// Purchase contracts (采购合同): the agreement with one supplier — parties, amounts, validity,
// items, payment stages and clauses. Drafted by hand or from an award, approved, sent to the
// supplier, who confirms or refuses it, finalized and signed by both sides, then effective until
// it expires, is terminated (with approval, a reason and the amount paid) or is replaced by an
// alteration. Before anything is executed it may be voided (with approval); a rejected void
// request puts it back where it was. The supplier sees its contracts from the confirmation on.
import {
  amount,
  approvalWorkflow,
  attachments,
  checkbox,
  date,
  datetime,
  defineEntity,
  lookup,
  number,
  ref,
  sum,
  text,
  textarea,
} from '@srm/kernel';
import { ORDERABLE_SUPPLIER_STATES } from '../../supplier';
import { CONTRACT_TYPES } from '../terms/terms.entity';
import {
  contractClause,
  contractDocument,
  contractItem,
  contractRefund,
  contractStage,
} from './contract-lines.entity';

/** The approval processes of contracts (their templates: ../approval.ts). */
export const CONTRACT_PROCESS = 'CCT_CONTRACT_APPROVAL';
export const CONTRACT_TERMINATE_PROCESS = 'CCT_CONTRACT_TERMINATE_APPROVAL';
export const CONTRACT_VOID_PROCESS = 'CCT_CONTRACT_VOID_APPROVAL';

export const CONTRACT_SOURCES = ['MANUAL', 'AWARD', 'AGREEMENT', 'PATTERN'] as const;
/** How orders against the contract are held to it (执行控制). */
export const EXECUTION_CONTROLS = ['NONE', 'QUANTITY', 'AMOUNT', 'BOTH'] as const;

/** States in which the supplier sees the contract: from the moment it is sent to it. */
export const SUPPLIER_CONTRACT_STATES = [
  'CONFIRMING',
  'CONFIRMED',
  'REFUSED',
  'FINALIZING',
  'SIGNING',
  'EFFECTIVE',
  'TERMINATING',
  'TERMINATED',
  'VOIDING',
  'VOID',
  'EXPIRED',
  'SUPERSEDED',
  'CONVERTED',
];

/** Where each side may file a revision of the contract's document (上传修订稿). */
export const REVISION_STATES = {
  internal: ['DRAFT', 'REJECTED', 'REFUSED', 'CONFIRMING'],
  supplier: ['CONFIRMING'],
} as const;

/** The states the execution view (合同执行视图) lists: signed, in effect or since ended. */
export const EXECUTION_VIEW_STATES = ['EFFECTIVE', 'TERMINATING', 'TERMINATED', 'EXPIRED'] as const;

/** States from which a contract not yet executed may be voided. */
export const VOIDABLE_STATES = ['APPROVED', 'CONFIRMING', 'CONFIRMED', 'SIGNING'];

const total =
  (field: string) =>
  (_row: unknown, context: { lines: Readonly<Record<string, readonly Record<string, unknown>[]>> }) =>
    sum(context.lines.items ?? [], (line) => Number(line[field] ?? 0)).toNumber();

/** What an alteration changes (变更依据): price, quantity, term, payment terms, clauses, other. */
export const CHANGE_RATIONALES = ['PRICE', 'QUANTITY', 'TERM', 'PAYMENT', 'CLAUSE', 'OTHER'] as const;

export const contract = defineEntity('srmCctContract', {
  area: 'contract',
  key: 'contractId',
  display: 'contractNumber',
  numbering: { field: 'contractNumber', pattern: 'HT{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: SUPPLIER_CONTRACT_STATES,
  orgScoped: 'orgId',
  fields: {
    contractNumber: text({ readonly: true, max: 30 }),
    contractName: text({ required: true, max: 200 }),
    contractType: lookup('CCT_CONTRACT_TYPE', { required: true, codes: CONTRACT_TYPES, default: 'MAIN' }),
    sourceType: lookup('CCT_CONTRACT_SOURCE', { readonly: true, codes: CONTRACT_SOURCES, default: 'MANUAL' }),
    /** The document it was drafted from (an award's number), and the key that makes a hand-off run once. */
    sourceNum: text({ max: 30, readonly: true }),
    sourceKey: text({ max: 80, unique: true, readonly: true, internalOnly: true }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
      offer: { status: ORDERABLE_SUPPLIER_STATES, blacklistFlag: 'N' },
    }),
    buyerName: text({ max: 60, profileDefault: 'userFullName' }),
    /** The template its documents are generated from, at the version it had when picked. */
    templateId: ref('srmCctTemplate', { display: 'templateName', filter: () => ({ status: 'EFFECTIVE' }) }),
    templateVersion: number({ readonly: true }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /**
     * 含税计价: the prices were agreed with tax (an award quoted with tax), so each item's total
     * with tax is quantity × price with tax and the amount without tax is taken out of it.
     */
    taxIncludedFlag: checkbox(),
    amountExclTax: amount({ readonly: true, computed: total('amountExclTax') }),
    taxAmount: amount({ readonly: true, computed: total('taxAmount') }),
    amountInclTax: amount({ readonly: true, computed: total('amountInclTax') }),
    effectiveFrom: date({ required: true }),
    effectiveTo: date({ required: true }),
    warrantyMonths: number({ min: 0, max: 240 }),
    /** The contract an alteration or a supplementary agreement belongs to. */
    mainContractId: ref('srmCctContract', {
      display: 'contractNumber',
      displayAs: 'mainContractNumber',
      filter: () => ({ status: 'EFFECTIVE' }),
    }),
    frameworkFlag: checkbox(),
    /**
     * 简易合同 (simplifiedContractList): a small purchase's contract whose text is a PDF the buyer
     * uploads instead of a document generated from a template; the same approval, confirmation and
     * signing (electronic or on paper).
     */
    simplifiedFlag: checkbox({ editableIn: ['DRAFT', 'REJECTED', 'REFUSED'] }),
    executionControl: lookup('CCT_EXECUTION_CONTROL', {
      required: true,
      codes: EXECUTION_CONTROLS,
      default: 'NONE',
    }),
    /** What orders under it took (合同执行): the sum of its lines' executed amounts, with tax. */
    executedAmount: amount({ readonly: true, default: 0 }),
    /** The executed amount as a share of the total, in per cent. */
    executedPercent: number({ readonly: true, precision: 2, min: 0, max: 1000000 }),
    /** What was paid of its stages (已付金额), kept by settlement's payments. */
    paidAmount: amount({ readonly: true, default: 0 }),
    /** What was invoiced against orders under it (已开票金额), kept by settlement's invoices. */
    invoicedAmount: amount({ readonly: true, default: 0 }),
    // The parties as they stand in the contract: filled from the organisation and the supplier's
    // master data when left empty, and frozen once the contract is finalized for signing.
    partyAName: text({ max: 200 }),
    partyAAddress: text({ max: 240 }),
    partyABank: text({ max: 120 }),
    partyAAccount: text({ max: 60 }),
    partyARepresentative: text({ max: 60 }),
    partyAAgent: text({ max: 60 }),
    partyBName: text({ max: 200 }),
    partyBAddress: text({ max: 240 }),
    partyBBank: text({ max: 120 }),
    partyBAccount: text({ max: 60 }),
    partyBRepresentative: text({ max: 60 }),
    partyBAgent: text({ max: 60 }),
    /** The pre-contract a main contract was made from (转正式合同), which it replaces in effect. */
    preContractId: ref('srmCctContract', {
      readonly: true,
      display: 'contractNumber',
      displayAs: 'preContractNumber',
    }),
    /** The version of an altered contract (1 for the first). */
    revisionNum: number({ readonly: true, default: 1 }),
    /** Why it was altered (an alteration's reason and its rationale; both needed to submit it). */
    changeReason: textarea({ max: 1000 }),
    changeRationale: lookup('CCT_CHANGE_RATIONALE', { codes: CHANGE_RATIONALES }),
    /** The supplier's reason for refusing it. */
    refuseReason: textarea({ readonly: true, max: 1000 }),
    terminateReason: textarea({ readonly: true, max: 1000 }),
    /** What was paid under the contract when its termination was asked for. */
    terminatePaidAmount: amount({ readonly: true }),
    approvedDate: datetime({ readonly: true }),
    confirmedDate: datetime({ readonly: true }),
    /** When the last party signed. */
    dateSigned: datetime({ readonly: true }),
    /** Signed on paper: the scan is the document of record and no signature in it can be verified. */
    paperSignedFlag: checkbox({ readonly: true }),
    /** SHA-256 of the finalized PDF: the document every party signs, fixed from finalization on. */
    finalizedSha256: text({ readonly: true, max: 64 }),
    /** When each party signed electronically, and who did. */
    partyASignedDate: datetime({ readonly: true }),
    partyASigner: text({ readonly: true, max: 60 }),
    partyBSignedDate: datetime({ readonly: true }),
    partyBSigner: text({ readonly: true, max: 60 }),
    /** The external provider's sign flow of the finalized PDF (none with the internal provider). */
    signFlowId: text({ readonly: true, max: 100, internalOnly: true }),
    /** The scan of the contract signed on paper (attached while it is being signed). */
    signedScanIds: attachments({ maxCount: 5, editableIn: ['SIGNING'] }),
    remark: textarea({ max: 1000 }),
    attachmentIds: attachments({ maxCount: 50 }),
  },
  lines: {
    items: contractItem,
    stages: contractStage,
    clauses: contractClause,
    refunds: contractRefund,
    documents: contractDocument,
  },
  rules: [
    (row) =>
      row.effectiveFrom && row.effectiveTo && String(row.effectiveFrom) > String(row.effectiveTo)
        ? { field: 'effectiveTo', message: 'srmCctContract.dateRange' }
        : null,
    (row) =>
      (row.contractType === 'ALTERATION' || row.contractType === 'SUPPLEMENT') && !row.mainContractId
        ? { field: 'mainContractId', message: 'srmCctContract.mainContractNeeded' }
        : null,
  ],
  list: {
    columns: [
      'contractNumber',
      'contractName',
      'contractType',
      'supplierName',
      'orgName',
      'currencyCode',
      'amountInclTax',
      'effectiveFrom',
      'effectiveTo',
      'buyerName',
      'sourceNum',
      'status',
    ],
    filters: [
      { field: 'contractNumber', op: 'prefix' },
      'contractName',
      'contractType',
      'supplierId',
      'orgId',
      'status',
      'effectiveTo',
      'simplifiedFlag',
    ],
    sort: [{ field: 'contractId', order: 'desc' }],
    sortable: ['effectiveTo', 'amountInclTax'],
    summary: ['amountInclTax'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'contractNumber',
          'contractName',
          'contractType',
          'mainContractId',
          'preContractId',
          'templateId',
          'templateVersion',
          'orgId',
          'supplierId',
          'buyerName',
          'currencyId',
          'taxIncludedFlag',
          'effectiveFrom',
          'effectiveTo',
          'warrantyMonths',
          'frameworkFlag',
          'simplifiedFlag',
          'executionControl',
          'amountExclTax',
          'taxAmount',
          'amountInclTax',
          'executedAmount',
          'executedPercent',
          'invoicedAmount',
          'paidAmount',
          'sourceType',
          'sourceNum',
          'revisionNum',
          'changeReason',
          'changeRationale',
          'remark',
          'attachmentIds',
        ],
      },
      {
        key: 'partyA',
        fields: [
          'partyAName',
          'partyAAddress',
          'partyABank',
          'partyAAccount',
          'partyARepresentative',
          'partyAAgent',
        ],
      },
      {
        key: 'partyB',
        fields: [
          'partyBName',
          'partyBAddress',
          'partyBBank',
          'partyBAccount',
          'partyBRepresentative',
          'partyBAgent',
        ],
      },
      {
        key: 'progress',
        fields: [
          'approvedDate',
          'confirmedDate',
          'refuseReason',
          'finalizedSha256',
          'partyASignedDate',
          'partyASigner',
          'partyBSignedDate',
          'partyBSigner',
          'signFlowId',
          'dateSigned',
          'paperSignedFlag',
          'signedScanIds',
          'terminateReason',
          'terminatePaidAmount',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(CONTRACT_PROCESS, {
    statusLookup: 'CCT_CONTRACT_STATUS',
    submitFrom: ['DRAFT', 'REJECTED', 'REFUSED'],
    editableIn: ['DRAFT', 'REJECTED', 'REFUSED'],
    // Every state beyond the preset's is one the supplier sees the contract in.
    states: SUPPLIER_CONTRACT_STATES,
    actions: {
      /** To the supplier for its confirmation (it is notified). */
      doSendConfirm: { from: ['APPROVED'], to: 'CONFIRMING', confirm: true },
      doSupplierConfirm: { from: ['CONFIRMING'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      /** The supplier refuses, with its reason; the buyer revises and submits again. */
      doSupplierRefuse: {
        from: ['CONFIRMING'],
        to: 'REFUSED',
        side: 'supplier',
        needs: ['comment'],
        confirm: true,
        danger: true,
      },
      /**
       * The text is final: the current document becomes the PDF every party signs, with one
       * empty signature field per party. Refused while it has tracked changes, unless they are
       * accepted with it. The conversion runs as a job (contract.finalize.ts).
       */
      doFinalize: {
        from: ['CONFIRMED'],
        to: 'FINALIZING',
        confirm: true,
        startsJob: true,
        input: { acceptChanges: checkbox() },
      },
      /** The finalization job stored the PDF: the parties may sign. */
      doFinalizeDone: { from: ['FINALIZING'], to: 'SIGNING', system: true },
      /** The finalization job failed (its reason is the comment): confirmed again, to be retried. */
      doFinalizeFailed: { from: ['FINALIZING'], to: 'CONFIRMED', system: true },
      /** Both parties signed the finalized PDF (the sign endpoint fires it on the last signature). */
      doSign: { from: ['SIGNING'], to: 'EFFECTIVE', system: true },
      /** Signed on paper by both sides: the buyer attaches the signed scan. */
      doSignPaper: { from: ['SIGNING'], to: 'EFFECTIVE', confirm: true },
      doTerminate: {
        from: ['EFFECTIVE'],
        to: 'TERMINATING',
        approval: CONTRACT_TERMINATE_PROCESS,
        outcomes: { approved: 'doTerminateApprove', rejected: 'doTerminateReject' },
        confirm: true,
        danger: true,
        input: {
          terminateReason: textarea({ required: true, max: 1000 }),
          // Starts from what settlement has paid under the contract; the buyer corrects it.
          paidAmount: amount({ required: true, min: 0, startsFrom: 'paidAmount' }),
        },
      },
      doTerminateApprove: { from: ['TERMINATING'], to: 'TERMINATED', system: true },
      doTerminateReject: { from: ['TERMINATING'], to: 'EFFECTIVE', system: true },
      doVoid: {
        from: VOIDABLE_STATES,
        to: 'VOIDING',
        approval: CONTRACT_VOID_PROCESS,
        outcomes: { approved: 'doVoidApprove', rejected: 'doVoidReject' },
        needs: ['comment'],
        confirm: true,
        danger: true,
      },
      doVoidApprove: { from: ['VOIDING'], to: 'VOID', system: true },
      doVoidReject: { from: ['VOIDING'], back: true, system: true },
      /** The end date passed (the daily job). */
      doExpire: { from: ['EFFECTIVE'], to: 'EXPIRED', system: true },
      /** An alteration of it took effect. */
      doSupersede: { from: ['EFFECTIVE'], to: 'SUPERSEDED', system: true },
      /** The main contract made from this pre-contract took effect. */
      doConvert: { from: ['EFFECTIVE'], to: 'CONVERTED', system: true },
    },
  }),
});
