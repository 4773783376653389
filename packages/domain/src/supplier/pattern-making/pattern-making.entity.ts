// Pattern making (打样): the buyer's request for prototypes of new materials — drawings and
// specifications, the materials and how many samples of each — sent to one or more suppliers.
// Sending makes each supplier its own reply (srmPatternMakingReply, ../pattern-making-reply), the
// one part of the request the supplier reads: the materials, the drawings, its own quote. The
// request itself stays internal; its supplier rows mirror where each reply stands (status, fee,
// lead time) for the buyer to compare. Closing it closes the replies still waiting for a quote.
import {
  amount,
  attachments,
  date,
  defineEntity,
  lookup,
  number,
  quantity,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { ORDERABLE_SUPPLIER_STATES } from '../supplier-info/supplier-info.entity';

/** Where a reply stands (the reply's own states; mirrored on the request's supplier row). */
export const PATTERN_REPLY_STATES = [
  'DRAFT',
  'QUOTED',
  'DECLINED',
  'APPROVING',
  'APPROVED',
  'REJECTED',
  'FINISHED',
  'CLOSED',
  'CANCELLED',
] as const;

/**
 * A prototype material as the request names it; each reply copies it read-only
 * (`prototypeMaterial({ readonly: true })`).
 */
export function prototypeMaterial<O extends { readonly readonly?: true }>(options: O) {
  return {
    lineNum: number({ required: true, precision: 0, min: 1, max: 9999, ...options }),
    /** A new material has no code yet: its name and drawing say what it is. */
    materialName: text({ required: true, max: 240, ...options }),
    /** The coded material, where it exists already (a new model of a known part). */
    itemId: ref('srmBaseItem', { display: 'itemCode', displayAs: 'itemCode', ...options }),
    specification: text({ max: 500, ...options }),
    drawingNo: text({ max: 60, ...options }),
    sampleQuantity: quantity({ required: true, min: 0.0001, ...options }),
    uomId: ref('srmBaseUom', { display: 'uomName', ...options }),
  };
}

export const patternMakingItem = defineEntity('srmPatternMakingItem', {
  area: 'supplier',
  key: 'patternItemId',
  parent: { entity: 'srmPatternMaking', field: 'patternMakingId' },
  // What was sent is what the suppliers quote: fixed from sending on.
  rowsEditableIn: ['DRAFT'],
  fields: {
    ...prototypeMaterial({}),
    itemId: ref('srmBaseItem', {
      display: 'itemCode',
      displayAs: 'itemCode',
      brings: ['specification', 'uomId'],
    }),
    remark: text({ max: 500 }),
  },
  unique: [['patternMakingId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'materialName',
      'itemCode',
      'specification',
      'drawingNo',
      'sampleQuantity',
      'uomName',
      'remark',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const patternMakingSupplier = defineEntity('srmPatternMakingSupplier', {
  area: 'supplier',
  key: 'patternSupplierId',
  parent: { entity: 'srmPatternMaking', field: 'patternMakingId' },
  rowsEditableIn: ['DRAFT'],
  fields: {
    // Potential suppliers too: prototypes are often how a new source is tried.
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      editableOnlyIn: ['DRAFT'],
      offer: { status: ORDERABLE_SUPPLIER_STATES, blacklistFlag: 'N' },
    }),
    /** The supplier's reply, made on sending (the platform's from here on). */
    replyId: ref('srmPatternMakingReply', { display: 'replyNum', displayAs: 'replyNum', readonly: true }),
    replyStatus: lookup('SRM_PATTERN_REPLY_STATUS', { codes: PATTERN_REPLY_STATES, readonly: true }),
    totalFee: amount({ readonly: true }),
    leadTimeDays: number({ precision: 0, readonly: true }),
    /** Materials whose samples were approved, of those decided. */
    approvedCount: number({ precision: 0, readonly: true }),
  },
  unique: [['patternMakingId', 'supplierId']],
  list: {
    columns: ['supplierName', 'replyNum', 'replyStatus', 'totalFee', 'leadTimeDays', 'approvedCount'],
    sort: [{ field: 'patternSupplierId', order: 'asc' }],
  },
});

export const patternMaking = defineEntity('srmPatternMaking', {
  area: 'supplier',
  key: 'patternMakingId',
  display: 'patternNum',
  numbering: { field: 'patternNum', pattern: 'PM{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    patternNum: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 120 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    categoryId: ref('srmBaseCategory', { display: 'categoryName', filter: () => ({ enabledFlag: 'Y' }) }),
    /** The currency the suppliers quote their sample fees in. */
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** What the prototypes are for and what they must show (the suppliers read it). */
    requestNote: textarea({ required: true, max: 2000 }),
    /** The last day for quotes. */
    quoteDueDate: date({ required: true }),
    /** When the samples are wanted. */
    needByDate: date(),
    /** Drawings and technical documents; each supplier's reply gets its own copies on sending. */
    drawingIds: attachments(),
    sentDate: date({ readonly: true }),
    closeComment: textarea({ max: 1000, readonly: true }),
  },
  lines: { materials: patternMakingItem, suppliers: patternMakingSupplier },
  list: {
    columns: [
      'patternNum',
      'title',
      'orgName',
      'categoryName',
      'quoteDueDate',
      'needByDate',
      'status',
      'sentDate',
      'createdBy',
    ],
    filters: [
      { field: 'patternNum', op: 'prefix' },
      'title',
      'orgId',
      'categoryId',
      'status',
      'quoteDueDate',
    ],
    sort: [{ field: 'patternMakingId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'patternNum',
          'title',
          'orgId',
          'categoryId',
          'currencyId',
          'quoteDueDate',
          'needByDate',
          'status',
          'sentDate',
          'requestNote',
          'drawingIds',
          'closeComment',
        ],
      },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SENT', 'CLOSED', 'CANCELLED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_PATTERN_MAKING_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      /** Sends the request: each supplier gets its reply with the materials and drawings, and is told. */
      doSend: { from: ['DRAFT'], to: 'SENT', confirm: true },
      /** Ends the request: replies still waiting for a quote, or quoted and not taken, are closed. */
      doClose: { from: ['SENT'], to: 'CLOSED', needs: ['comment'] },
      doCancel: { from: ['DRAFT', 'SENT'], to: 'CANCELLED', needs: ['comment'], danger: true },
    },
  },
});
