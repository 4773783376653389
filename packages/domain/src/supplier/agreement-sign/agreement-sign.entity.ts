// Agreement signing (协议签署): a quality, integrity or confidentiality agreement made from a
// template's clauses and sent to the supplier. The supplier confirms it as sent, or edits the
// clauses the template leaves negotiable and submits them to the buyer, who accepts them or sends
// the agreement back (a new round, the buyer's text again). Every send, submission, return and
// signature is a round with the clauses as they stood and the clauses changed; each clause shows
// the text last agreed beside the text proposed. An internal user may act for the supplier
// (assist edit): the round says so and who did it. Signing writes the introduction's agreement
// step. With an e-sign provider configured when it is sent, the supplier's confirmation or the
// buyer's acceptance puts it in SIGNING instead: its PDF is signed by both parties' organisation
// accounts at the provider (the contract area's agreement-esign), whose last callback signs it
// here. Templates count a version on every save; an agreement keeps the version it copied.
import {
  attachments,
  checkbox,
  date,
  defineEntity,
  json,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { stepDocumentFields } from '../supplier-intro/step-document.fields';

export const AGREEMENT_TYPES = ['QUALITY', 'INTEGRITY', 'CONFIDENTIALITY', 'OTHER'] as const;
export const SIGN_ROUND_ACTIONS = ['SENT', 'SUPPLIER_EDITED', 'RETURNED', 'CONFIRMED', 'ACCEPTED'] as const;
/** The supplier (or an internal user assisting it) edits negotiable clauses while the agreement is sent. */
export const SIGN_EDIT_STATES = ['SENT'];
type Row = Readonly<Record<string, unknown>>;
/** Signed at the e-sign provider (set when sent): confirming and accepting lead to SIGNING. */
const electronic = (row: Row) => row.esignFlag === 'Y';
const atOnce = (row: Row) => !electronic(row);

export const agreementTemplateClause = defineEntity('srmAgreementTemplateClause', {
  area: 'supplier',
  key: 'templateClauseId',
  parent: { entity: 'srmAgreementTemplate', field: 'agreementTemplateId' },
  fields: {
    clauseNo: text({ required: true, max: 20 }),
    clauseTitle: text({ required: true, max: 120 }),
    clauseContent: textarea({ required: true, max: 4000 }),
    /** The supplier may propose another wording. */
    negotiableFlag: checkbox({ default: 'N' }),
  },
  unique: [['agreementTemplateId', 'clauseNo']],
  list: {
    columns: ['clauseNo', 'clauseTitle', 'clauseContent', 'negotiableFlag'],
    filters: ['clauseNo'],
    sort: [{ field: 'templateClauseId', order: 'asc' }],
  },
});

export const agreementTemplate = defineEntity('srmAgreementTemplate', {
  area: 'supplier',
  key: 'agreementTemplateId',
  display: 'templateName',
  fields: {
    templateCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    templateName: text({ required: true, max: 120 }),
    agreementType: lookup('SRM_AGREEMENT_TYPE', { required: true, codes: AGREEMENT_TYPES }),
    /** Counted on by every save (the platform's). */
    templateVersion: number({ readonly: true, precision: 0, min: 0 }),
    enabledFlag: checkbox({ default: 'Y' }),
    remark: textarea({ max: 1000 }),
  },
  lines: { clauses: agreementTemplateClause },
  list: {
    columns: [
      'templateCode',
      'templateName',
      'agreementType',
      'templateVersion',
      'enabledFlag',
      'lastUpdateDate',
    ],
    filters: [{ field: 'templateCode', op: 'prefix' }, 'templateName', 'agreementType', 'enabledFlag'],
    sort: [{ field: 'templateCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['templateCode', 'templateName', 'agreementType', 'templateVersion', 'enabledFlag', 'remark'],
      },
    ],
  },
});

export const agreementSignClause = defineEntity('srmAgreementSignClause', {
  area: 'supplier',
  key: 'signClauseId',
  parent: { entity: 'srmAgreementSign', field: 'agreementSignId' },
  rowsByPlatform: true,
  fields: {
    clauseNo: text({ max: 20, readonly: true }),
    clauseTitle: text({ max: 120, readonly: true }),
    negotiableFlag: checkbox({ readonly: true }),
    /** The text last agreed: as sent by the buyer, or as accepted. */
    agreedContent: textarea({ max: 4000, readonly: true }),
    /** The text proposed: the buyer's before sending, the supplier's while it is sent. */
    clauseContent: textarea({
      max: 4000,
      writableBy: ['internal', 'supplier'],
      editableIn: SIGN_EDIT_STATES,
    }),
    /** The proposed text differs from the agreed one. */
    changedFlag: checkbox({ readonly: true }),
    supplierNote: text({ max: 500, writableBy: ['internal', 'supplier'], editableIn: SIGN_EDIT_STATES }),
  },
  list: {
    columns: [
      'clauseNo',
      'clauseTitle',
      'negotiableFlag',
      'agreedContent',
      'clauseContent',
      'changedFlag',
      'supplierNote',
    ],
    filters: ['changedFlag'],
    sort: [{ field: 'signClauseId', order: 'asc' }],
  },
});

export const agreementSignRound = defineEntity('srmAgreementSignRound', {
  area: 'supplier',
  key: 'signRoundId',
  parent: { entity: 'srmAgreementSign', field: 'agreementSignId' },
  rowsByPlatform: true,
  fields: {
    /** The round's number (the header's `roundNum` when it was recorded). */
    roundNo: number({ precision: 0, min: 1, readonly: true }),
    roundAction: lookup('SRM_AGREEMENT_ROUND_ACTION', { codes: SIGN_ROUND_ACTIONS, readonly: true }),
    /** The clauses changed against the text agreed before (their numbers). */
    changedClauses: text({ max: 500, readonly: true }),
    /** An internal user acted for the supplier. */
    assistFlag: checkbox({ readonly: true }),
    actedBy: text({ max: 120, readonly: true }),
    roundComment: text({ max: 1000, readonly: true }),
    /** The clauses as they stood: [{ clauseNo, clauseTitle, content }]. */
    clauses: json({ readonly: true }),
  },
  list: {
    columns: [
      'roundNo',
      'roundAction',
      'changedClauses',
      'assistFlag',
      'actedBy',
      'roundComment',
      'creationDate',
    ],
    filters: ['roundAction'],
    sort: [{ field: 'signRoundId', order: 'asc' }],
  },
});

export const agreementSign = defineEntity('srmAgreementSign', {
  area: 'supplier',
  key: 'agreementSignId',
  display: 'agreementSignNum',
  numbering: { field: 'agreementSignNum', pattern: 'AS{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // The supplier sees the agreement from when it is sent.
  supplierVisibleIn: ['SENT', 'SUPPLIER_EDITED', 'SIGNING', 'SIGNED'],
  fields: {
    agreementSignNum: text({ readonly: true, max: 30 }),
    ...stepDocumentFields(),
    agreementTemplateId: ref('srmAgreementTemplate', {
      required: true,
      display: 'templateName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    agreementType: lookup('SRM_AGREEMENT_TYPE', { codes: AGREEMENT_TYPES, readonly: true }),
    templateVersion: number({ readonly: true, precision: 0, min: 0 }),
    roundNum: number({ readonly: true, precision: 0, min: 0 }),
    validFrom: date(),
    validTo: date(),
    /** The supplier's word to the buyer with its submission. */
    supplierComment: textarea({
      max: 1000,
      writableBy: ['internal', 'supplier'],
      editableIn: SIGN_EDIT_STATES,
    }),
    signedDate: date({ readonly: true }),
    /** Signed at the e-sign provider: one was configured when the agreement was sent. */
    esignFlag: checkbox({ readonly: true }),
    /** The provider's sign flow of the agreement's PDF. */
    signFlowId: text({ readonly: true, max: 100, internalOnly: true }),
    /** The PDF sent to signing: the agreed clauses, as both parties sign them. */
    signPdfIds: attachments({ readonly: true, maxCount: 1 }),
    /** The PDF the provider handed back signed by both parties, once it verified. */
    signedPdfIds: attachments({ readonly: true, maxCount: 1 }),
  },
  lines: { clauses: agreementSignClause, rounds: agreementSignRound },
  list: {
    columns: [
      'agreementSignNum',
      'supplierName',
      'agreementType',
      'categoryName',
      'orgName',
      'introNum',
      'roundNum',
      'status',
      'signedDate',
    ],
    filters: [{ field: 'agreementSignNum', op: 'prefix' }, 'supplierId', 'agreementType', 'status'],
    sort: [{ field: 'agreementSignId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'agreementSignNum',
          'introId',
          'supplierId',
          'categoryId',
          'orgId',
          'agreementTemplateId',
          'agreementType',
          'templateVersion',
          'validFrom',
          'validTo',
          'roundNum',
          'status',
          'signedDate',
          'esignFlag',
          'signPdfIds',
          'signedPdfIds',
          'supplierComment',
        ],
      },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SENT', 'SUPPLIER_EDITED', 'SIGNING', 'SIGNED', 'CANCELLED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_AGREEMENT_SIGN_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      /** To the supplier: the clauses as they are become the agreed text of the round. */
      doSend: { from: ['DRAFT'], to: 'SENT', confirm: true },
      /** The supplier (or an internal user for it) signs the agreement as sent. */
      doConfirm: {
        from: ['SENT'],
        to: 'SIGNED',
        side: 'both',
        confirm: true,
        offeredWhen: atOnce,
      },
      /** The same, signed at the e-sign provider: both parties' seals, then SIGNED. */
      doConfirmSign: { from: ['SENT'], to: 'SIGNING', side: 'both', confirm: true, offeredWhen: electronic },
      /** The supplier (or an internal user for it) submits its edited clauses to the buyer. */
      doSubmitInternal: { from: ['SENT'], to: 'SUPPLIER_EDITED', side: 'both', confirm: true },
      /** The buyer accepts the supplier's clauses: signed. */
      doAccept: {
        from: ['SUPPLIER_EDITED'],
        to: 'SIGNED',
        confirm: true,
        offeredWhen: atOnce,
      },
      /** The same, signed at the e-sign provider. */
      doAcceptSign: { from: ['SUPPLIER_EDITED'], to: 'SIGNING', confirm: true, offeredWhen: electronic },
      /** The provider's flow finished and its signed PDF verified (the platform's). */
      doSign: { from: ['SIGNING'], to: 'SIGNED', system: true },
      /** The buyer sends it back: a new round with the agreed text again. */
      doReturn: { from: ['SUPPLIER_EDITED'], to: 'SENT', needs: ['comment'] },
      /** Cancelling one being signed cancels the provider's flow too. */
      doCancel: {
        from: ['DRAFT', 'SENT', 'SUPPLIER_EDITED', 'SIGNING'],
        to: 'CANCELLED',
        needs: ['comment'],
        danger: true,
      },
    },
  },
});
