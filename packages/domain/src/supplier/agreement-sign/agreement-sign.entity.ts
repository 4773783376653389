// Agreement signing (协议签署): a quality, integrity or confidentiality agreement made from a
// template's clauses and sent to the supplier. The supplier confirms it as sent, or edits the
// clauses the template leaves negotiable and submits them to the buyer, who accepts them or sends
// the agreement back (a new round, the buyer's text again). Every send, submission, return and
// signature is a round with the clauses as they stood and the clauses changed; each clause shows
// the text last agreed beside the text proposed. An internal user may act for the supplier
// (assist edit): the round says so and who did it. Signing writes the introduction's agreement
// step. Templates count a version on every save; an agreement keeps the version it copied.
import { checkbox, date, defineEntity, json, lookup, number, ref, text, textarea } from '@srm/kernel';
import { stepDocumentFields } from '../supplier-intro/step-document.fields';

export const AGREEMENT_TYPES = ['QUALITY', 'INTEGRITY', 'CONFIDENTIALITY', 'OTHER'] as const;
export const SIGN_ROUND_ACTIONS = ['SENT', 'SUPPLIER_EDITED', 'RETURNED', 'CONFIRMED', 'ACCEPTED'] as const;
/** The supplier (or an internal user assisting it) edits negotiable clauses while the agreement is sent. */
export const SIGN_EDIT_STATES = ['SENT'];

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
  supplierVisibleIn: ['SENT', 'SUPPLIER_EDITED', 'SIGNED'],
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
          'supplierComment',
        ],
      },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SENT', 'SUPPLIER_EDITED', 'SIGNED', 'CANCELLED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_AGREEMENT_SIGN_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      /** To the supplier: the clauses as they are become the agreed text of the round. */
      doSend: { from: ['DRAFT'], to: 'SENT', confirm: true },
      /** The supplier (or an internal user for it) signs the agreement as sent. */
      doConfirm: { from: ['SENT'], to: 'SIGNED', side: 'both', confirm: true },
      /** The supplier (or an internal user for it) submits its edited clauses to the buyer. */
      doSubmitInternal: { from: ['SENT'], to: 'SUPPLIER_EDITED', side: 'both', confirm: true },
      /** The buyer accepts the supplier's clauses: signed. */
      doAccept: { from: ['SUPPLIER_EDITED'], to: 'SIGNED', confirm: true },
      /** The buyer sends it back: a new round with the agreed text again. */
      doReturn: { from: ['SUPPLIER_EDITED'], to: 'SENT', needs: ['comment'] },
      doCancel: {
        from: ['DRAFT', 'SENT', 'SUPPLIER_EDITED'],
        to: 'CANCELLED',
        needs: ['comment'],
        danger: true,
      },
    },
  },
});
