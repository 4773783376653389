// E-sign accounts (签章账户): an organisation's (the buying unit's, or a supplier's) with its
// unified social credit code, legal representative, seal image and the users who keep the seal,
// or a person's (a user who signs in their own name). Activation issues the account's
// certificate from the platform CA (two years); suspension (a blacklisted supplier, a departed
// user), resumption and revocation publish a new CRL, and a suspended or revoked account cannot
// sign. The key pair is made and kept on the server, sealed (esign.tables.ts); the screen shows
// the certificate's serial and validity only. A supplier sees its own accounts.
import { attachments, datetime, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

export const SIGN_ACCOUNT_TYPES = ['ORG', 'PERSON'] as const;
/** Whose account: the buying company's unit (甲方) or a supplier (乙方). */
export const SIGN_ACCOUNT_OWNERS = ['BUYER', 'SUPPLIER'] as const;

/** A user who may sign with an organisation's seal (印章保管人). */
export const signAccountKeeper = defineEntity('srmCctSignAccountKeeper', {
  area: 'contract',
  key: 'keeperId',
  parent: { entity: 'srmCctSignAccount', field: 'signAccountId' },
  display: 'userId',
  fields: {
    userId: ref('baseUser', {
      required: true,
      display: 'userFullName',
      displayAs: 'keeperName',
      // Naming a keeper does not open the user list (the picker is the user directory).
      grantsRead: false,
    }),
    remark: text({ max: 240 }),
  },
  list: { columns: ['userId', 'remark'] },
});

export const signAccount = defineEntity('srmCctSignAccount', {
  area: 'contract',
  key: 'signAccountId',
  display: 'accountName',
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  fields: {
    accountType: lookup('CCT_SIGN_ACCOUNT_TYPE', {
      required: true,
      codes: SIGN_ACCOUNT_TYPES,
      default: 'ORG',
    }),
    ownerType: lookup('CCT_SIGN_ACCOUNT_OWNER', {
      required: true,
      codes: SIGN_ACCOUNT_OWNERS,
      default: 'BUYER',
    }),
    /** The organisation's name as its certificate carries it, or the person's. */
    accountName: text({ required: true, max: 200 }),
    /** The buying unit whose seal it is (owner BUYER). */
    orgId: ref('srmBaseOrg', { display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    /** The supplier whose seal it is (owner SUPPLIER). */
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', filter: () => ({ enabledFlag: 'Y' }) }),
    creditCode: text({ max: 18, format: 'creditCode' }),
    legalPerson: text({ max: 60 }),
    /** A person's platform user (account type PERSON). */
    userId: ref('baseUser', { display: 'userFullName', displayAs: 'personName', grantsRead: false }),
    mobile: text({ max: 20, format: 'mobile' }),
    email: text({ max: 120, format: 'email' }),
    /** The seal (or signature) picture shown in the signature field: PNG. */
    sealFileIds: attachments({ maxCount: 1, accept: ['png'] }),
    certSerial: text({ readonly: true, max: 64 }),
    certNotBefore: datetime({ readonly: true }),
    certNotAfter: datetime({ readonly: true }),
    remark: textarea({ max: 500 }),
  },
  lines: { keepers: signAccountKeeper },
  list: {
    columns: [
      'accountName',
      'accountType',
      'ownerType',
      'orgName',
      'supplierName',
      'creditCode',
      'legalPerson',
      'certSerial',
      'certNotAfter',
      'status',
    ],
    filters: ['accountName', 'accountType', 'ownerType', 'supplierId', 'status'],
    sort: [{ field: 'signAccountId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'accountType',
          'ownerType',
          'accountName',
          'orgId',
          'supplierId',
          'creditCode',
          'legalPerson',
          'userId',
          'mobile',
          'email',
          'sealFileIds',
          'remark',
        ],
      },
      { key: 'certificate', fields: ['certSerial', 'certNotBefore', 'certNotAfter'] },
    ],
  },
  workflow: {
    statusLookup: 'CCT_SIGN_ACCOUNT_STATUS',
    states: ['NEW', 'ACTIVE', 'SUSPENDED', 'REVOKED'],
    initial: 'NEW',
    editableIn: ['NEW', 'ACTIVE', 'SUSPENDED'],
    deletableIn: ['NEW'],
    actions: {
      /** Issues the account's certificate (two years). */
      doActivate: { from: ['NEW'], to: 'ACTIVE', confirm: true },
      /** A new certificate and key; the old certificate is revoked as superseded. */
      doRenew: { from: ['ACTIVE'], to: 'ACTIVE', confirm: true },
      doSuspend: { from: ['ACTIVE'], to: 'SUSPENDED', confirm: true, danger: true },
      doResume: { from: ['SUSPENDED'], to: 'ACTIVE', confirm: true },
      doRevoke: { from: ['ACTIVE', 'SUSPENDED'], to: 'REVOKED', confirm: true, danger: true },
    },
  },
});
