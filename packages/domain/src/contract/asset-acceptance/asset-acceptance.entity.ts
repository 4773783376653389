// Asset acceptance (资产验收): for a contract of equipment or tooling in effect, the document that
// records what was delivered and accepted — asset type and number, the tool and equipment lines
// with their specification and quantity, technical documents, the standard, the result and the
// person responsible — submitted and approved. Approving a passed (or conditionally passed)
// acceptance makes the contract's payment stages due on acceptance payable. The supplier reads
// its own once submitted.
import {
  approvalWorkflow,
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

export const ACCEPTANCE_PROCESS = 'CCT_ACCEPTANCE_APPROVAL';
export const ASSET_TYPES = ['EQUIPMENT', 'TOOLING', 'OTHER'] as const;
/** Passed and conditionally passed acceptances fulfil the "on acceptance" stages; a failed one does not. */
export const ACCEPTANCE_RESULTS = ['PASSED', 'CONDITIONAL', 'FAILED'] as const;

export const assetAcceptanceLine = defineEntity('srmCctAssetAcceptanceLine', {
  area: 'contract',
  key: 'acceptanceLineId',
  parent: { entity: 'srmCctAssetAcceptance', field: 'acceptanceId' },
  display: 'assetName',
  fields: {
    lineNum: number({ required: true, min: 1, max: 9999, sequence: { step: 1 } }),
    lineKind: lookup('CCT_ASSET_LINE_KIND', {
      required: true,
      codes: ['EQUIPMENT', 'TOOL'],
      default: 'EQUIPMENT',
    }),
    assetName: text({ required: true, max: 120 }),
    specification: text({ max: 240 }),
    quantity: quantity({ required: true, min: 0.0001 }),
    uomName: text({ max: 20 }),
    serialNumber: text({ max: 60 }),
    remark: text({ max: 240 }),
  },
  unique: [['acceptanceId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'lineKind',
      'assetName',
      'specification',
      'quantity',
      'uomName',
      'serialNumber',
      'remark',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const assetAcceptance = defineEntity('srmCctAssetAcceptance', {
  area: 'contract',
  key: 'acceptanceId',
  display: 'acceptanceNumber',
  numbering: { field: 'acceptanceNumber', pattern: 'YS{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['APPROVING', 'APPROVED', 'REJECTED'],
  orgScoped: 'orgId',
  fields: {
    acceptanceNumber: text({ readonly: true, max: 30 }),
    contractId: ref('srmCctContract', {
      required: true,
      display: 'contractNumber',
      displayAs: 'contractNumber',
      filter: () => ({ status: 'EFFECTIVE' }),
    }),
    /** The contract's supplier and unit, set on save. */
    supplierId: ref('srmSupplierInfo', { readonly: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { readonly: true, display: 'orgName' }),
    assetType: lookup('CCT_ASSET_TYPE', { required: true, codes: ASSET_TYPES, default: 'EQUIPMENT' }),
    /** The asset (or mould) number it is booked under. */
    assetNumber: text({ max: 60 }),
    acceptanceDate: date({ required: true, profileDefault: 'today' }),
    acceptanceStandard: textarea({ max: 2000 }),
    result: lookup('CCT_ACCEPTANCE_RESULT', { required: true, codes: ACCEPTANCE_RESULTS, default: 'PASSED' }),
    responsiblePerson: text({ required: true, max: 60, profileDefault: 'userFullName' }),
    technicalDocIds: attachments({ maxCount: 20 }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: assetAcceptanceLine },
  list: {
    columns: [
      'acceptanceNumber',
      'contractNumber',
      'supplierName',
      'orgName',
      'assetType',
      'assetNumber',
      'acceptanceDate',
      'result',
      'responsiblePerson',
      'status',
    ],
    filters: [
      { field: 'acceptanceNumber', op: 'prefix' },
      'contractId',
      'supplierId',
      'assetType',
      'result',
      'status',
    ],
    sort: [{ field: 'acceptanceId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'acceptanceNumber',
          'contractId',
          'supplierId',
          'orgId',
          'assetType',
          'assetNumber',
          'acceptanceDate',
          'result',
          'responsiblePerson',
          'acceptanceStandard',
          'technicalDocIds',
          'remark',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(ACCEPTANCE_PROCESS, { statusLookup: 'CCT_ACCEPTANCE_STATUS' }),
});
