// Change info (供应商信息变更): the only way the supplier master changes once it exists. The buyer,
// or the supplier in its portal, opens a change: the document starts as a copy of the master with
// its lines (each line remembering the master line it came from, `sourceLineId`), the master's
// version (`baseVersion`) and a snapshot of the master as it was. The requester edits the copy and
// submits; approval (SUPPLIER_CHANGE_APPROVAL) applies every section through the master's own
// save in one transaction, or nothing: a master that moved since the snapshot answers 409 and the
// requester rebases (doRebase) onto the master as it is now. Until approval the master keeps its
// old values everywhere (a payment keeps the old bank account). One change may be open per
// supplier at a time. The field-level diff: supplier-change.diff.ts.
import {
  type EntityDef,
  type FieldDef,
  amount,
  approvalWorkflow,
  attachments,
  date,
  datetime,
  defineEntity,
  json,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';
import { INDIRECT_FIELDS, indirectProfileFields } from '../supplier-info/indirect-profile';
import {
  supplierAccount,
  supplierBrand,
  supplierContact,
  supplierDevice,
  supplierLocation,
  supplierSite,
} from '../supplier-info/supplier-lines.entity';

export const SUPPLIER_CHANGE_PROCESS = 'SUPPLIER_CHANGE_APPROVAL';

/** States in which a change is open (another change of the same supplier is refused). */
export const OPEN_CHANGE_STATES = ['DRAFT', 'APPROVING', 'REJECTED'] as const;

/**
 * The master's header fields a change carries (its legal data and contact). The code, the credit
 * code, the type and the buyer's own fields (remark, enabled, blacklist) are not changed this way.
 */
export const CHANGED_HEADER_FIELDS = [
  'supplierName',
  'supplierShortName',
  'supplierNameEn',
  'legalPerson',
  'registeredCapital',
  'capitalCurrency',
  'establishDate',
  'districtId',
  'address',
  'contactName',
  'contactMobile',
  'contactPhone',
  'contactEmail',
  'website',
  'businessScope',
  ...INDIRECT_FIELDS,
] as const;

/** The master's line collections a change carries, with the change's own collection of each. */
export const CHANGED_COLLECTIONS = [
  'sites',
  'accounts',
  'locations',
  'contacts',
  'brands',
  'devices',
  'credentials',
] as const;
export type ChangedCollection = (typeof CHANGED_COLLECTIONS)[number];

const bothSides = ['internal', 'supplier'] as const;

/**
 * A change's copy of one of the master's line entities: the master line's fields, the master line
 * it came from (`sourceLineId`, empty for a line the change adds), written by either side, and the
 * master's rules (a credential's dates). Unique per change where the master is unique per supplier.
 */
function changeLineOf<const F extends Record<string, FieldDef>, const K extends string>(
  name: string,
  key: K,
  master: EntityDef<F>,
  unique: readonly (readonly string[])[] = [],
) {
  return defineEntity(name, {
    area: 'supplier',
    key,
    parent: { entity: 'srmSupplierChange', field: 'changeId' },
    display: master.display,
    writableBy: [...bothSides],
    fields: { sourceLineId: number({ precision: 0, min: 0, readonly: true }), ...master.ownFields },
    unique,
    ...(master.rules.length ? { rules: master.rules } : {}),
    list: { ...master.list, sort: [{ field: key, order: 'asc' }] },
  });
}

export const supplierChangeSite = changeLineOf('srmSupplierChangeSite', 'changeSiteId', supplierSite);
export const supplierChangeAccount = changeLineOf(
  'srmSupplierChangeAccount',
  'changeAccountId',
  supplierAccount,
  [['changeId', 'bankAccountNumber']],
);
export const supplierChangeLocation = changeLineOf(
  'srmSupplierChangeLocation',
  'changeLocationId',
  supplierLocation,
);
export const supplierChangeContact = changeLineOf(
  'srmSupplierChangeContact',
  'changeContactId',
  supplierContact,
);
export const supplierChangeBrand = changeLineOf('srmSupplierChangeBrand', 'changeBrandId', supplierBrand);
export const supplierChangeDevice = changeLineOf('srmSupplierChangeDevice', 'changeDeviceId', supplierDevice);
export const supplierChangeCredential = changeLineOf(
  'srmSupplierChangeCredential',
  'changeCredentialId',
  supplierCredential,
  [['changeId', 'credentialType', 'credentialNumber']],
);

export const supplierChange = defineEntity('srmSupplierChange', {
  area: 'supplier',
  key: 'changeId',
  display: 'changeNum',
  numbering: { field: 'changeNum', pattern: 'SC{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED', 'ABOLISHED'],
  writableBy: [...bothSides],
  fields: {
    changeNum: text({ readonly: true, max: 30 }),
    // Picking the supplier fills the proposed values with the master's (the lines are copied on save).
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      // `supplierName` is the name the change proposes; the reference shows the master's.
      displayAs: 'supplierCurrentName',
      brings: CHANGED_HEADER_FIELDS,
    }),
    changeReason: textarea({ required: true, max: 1000 }),
    /** Evidence: the new licence, the bank's letter. */
    attachmentIds: attachments(),
    /** The master's version the change was opened (or rebased) on. */
    baseVersion: number({ readonly: true, precision: 0, min: 0 }),
    /** The master with its lines as it was at that version: the diff's "before". */
    snapshot: json({ readonly: true }),
    appliedAt: datetime({ readonly: true }),
    // The values proposed, as the master names them. Left empty when opened, they start as the
    // master's; the master's required ones are required once the change is saved (the hook).
    supplierName: text({ max: 200 }),
    supplierShortName: text({ max: 60 }),
    supplierNameEn: text({ max: 200 }),
    legalPerson: text({ max: 60 }),
    registeredCapital: amount({ min: 0 }),
    capitalCurrency: lookup('SRM_CAPITAL_CURRENCY', { codes: ['CNY', 'USD', 'EUR', 'HKD', 'JPY'] }),
    establishDate: date(),
    districtId: ref('srmBaseDistrict', { display: 'districtName' }),
    address: text({ max: 240 }),
    contactName: text({ max: 60 }),
    contactMobile: text({ max: 20, format: 'mobile' }),
    contactPhone: text({ max: 30, format: 'landline' }),
    contactEmail: text({ max: 120, format: 'email' }),
    website: text({ max: 200 }),
    businessScope: textarea({ max: 2000 }),
    ...indirectProfileFields,
  },
  lines: {
    sites: supplierChangeSite,
    accounts: supplierChangeAccount,
    locations: supplierChangeLocation,
    contacts: supplierChangeContact,
    brands: supplierChangeBrand,
    devices: supplierChangeDevice,
    credentials: supplierChangeCredential,
  },
  list: {
    columns: [
      'changeNum',
      'supplierCurrentName',
      'status',
      'changeReason',
      'createdBy',
      'creationDate',
      'appliedAt',
    ],
    filters: [{ field: 'changeNum', op: 'prefix' }, 'supplierId', 'status', 'creationDate'],
    sort: [{ field: 'changeId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['changeNum', 'supplierId', 'status', 'changeReason', 'attachmentIds', 'appliedAt'],
      },
      {
        key: 'company',
        fields: [
          'supplierName',
          'supplierShortName',
          'supplierNameEn',
          'legalPerson',
          'registeredCapital',
          'capitalCurrency',
          'establishDate',
          'districtId',
          'address',
          'website',
          'businessScope',
        ],
      },
      { key: 'indirect', fields: [...INDIRECT_FIELDS] },
      { key: 'contact', fields: ['contactName', 'contactMobile', 'contactPhone', 'contactEmail'] },
    ],
  },
  workflow: approvalWorkflow(SUPPLIER_CHANGE_PROCESS, {
    statusLookup: 'SRM_SUPPLIER_CHANGE_STATUS',
    states: ['ABOLISHED'],
    actions: {
      // The supplier submits its own change from the portal; the buyer may submit one too.
      doSubmit: {
        from: ['DRAFT', 'REJECTED'],
        to: 'APPROVING',
        side: 'both',
        approval: SUPPLIER_CHANGE_PROCESS,
      },
      /** Nothing applied; the master stays as it is. */
      doAbolish: { from: ['DRAFT', 'REJECTED'], to: 'ABOLISHED', side: 'both', confirm: true, danger: true },
      /** The master moved since the snapshot: keep what this change changed, take the rest as it is now. */
      doRebase: { from: ['DRAFT', 'REJECTED'], side: 'both', confirm: true },
    },
  }),
});
