// Contract templates (合同模板): a Word document (.docx) with docxtemplater tags — `{contractNumber}`,
// `{#items}…{/items}` rows, conditions — checked on every save against the contract's dictionary
// of names (./template-dictionary.ts), the annexes copied into every contract made from it, and
// where each party signs (page and rectangle, organisation seal or personal signature), the
// payment stages a contract starts with (./template-stage.entity.ts) and its clause slots
// (./template-clause.entity.ts). Versioned
// like clauses: an alteration opens version n + 1 as a draft, its approval supersedes the old one,
// and a contract keeps the version it was made with.
import { attachments, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { CONTRACT_TYPES } from '../terms/terms.entity';
import { versionedWorkflow } from '../versions';
import { templateClause } from './template-clause.entity';
import { templateStage } from './template-stage.entity';

/** The approval process of templates (its template: ../approval.ts). */
export const TEMPLATE_PROCESS = 'CCT_TEMPLATE_APPROVAL';

export const SIGN_PARTIES = ['PARTY_A', 'PARTY_B'] as const;
export const SEAL_KINDS = ['ORG_SEAL', 'PERSONAL'] as const;

export const templateSign = defineEntity('srmCctTemplateSign', {
  area: 'contract',
  key: 'templateSignId',
  parent: { entity: 'srmCctTemplate', field: 'templateId' },
  fields: {
    party: lookup('CCT_SIGN_PARTY', { required: true, codes: SIGN_PARTIES }),
    sealKind: lookup('CCT_SEAL_KIND', { required: true, codes: SEAL_KINDS, default: 'ORG_SEAL' }),
    /**
     * A keyword the seal goes over (甲方（盖章）): the field is centred on its last place in the
     * document (on the page below, or on any page when it is 0), moved by posX/posY.
     */
    keyword: text({ max: 50 }),
    /** The page (1 is the first, −1 the last; 0 with a keyword: any page). */
    pageNum: number({ required: true, min: -1, max: 9999, default: -1 }),
    /** The rectangle in PDF points from the page's lower left corner (with a keyword: the offsets). */
    posX: number({ required: true, min: -5000, max: 5000 }),
    posY: number({ required: true, min: -5000, max: 5000 }),
    width: number({ required: true, min: 20, max: 1000, default: 200 }),
    height: number({ required: true, min: 20, max: 1000, default: 80 }),
  },
  list: { columns: ['party', 'sealKind', 'keyword', 'pageNum', 'posX', 'posY', 'width', 'height'] },
});

export const contractTemplate = defineEntity('srmCctTemplate', {
  area: 'contract',
  key: 'templateId',
  display: 'templateName',
  fields: {
    templateCode: text({ required: true, max: 30, format: 'code' }),
    templateVersion: number({ readonly: true, min: 1, default: 1 }),
    templateName: text({ required: true, max: 200 }),
    contractType: lookup('CCT_CONTRACT_TYPE', { required: true, codes: CONTRACT_TYPES, default: 'MAIN' }),
    /** The organisation it is meant for; empty: every one. Templates are read by every buyer (no organisation scope). */
    orgId: ref('srmBaseOrg', { display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    /** The .docx body, checked on every save. */
    bodyFileIds: attachments({ required: true, maxCount: 1 }),
    /** Annexes copied into every contract made from it. */
    annexIds: attachments({ maxCount: 20 }),
    /** The names the body uses (set on save). */
    variables: textarea({ readonly: true, max: 4000 }),
    previousTemplateId: ref('srmCctTemplate', {
      readonly: true,
      display: 'templateCode',
      displayAs: 'previousTemplateCode',
    }),
    changeReason: text({ max: 500 }),
    remark: textarea({ max: 1000 }),
  },
  lines: { signs: templateSign, stages: templateStage, clauses: templateClause },
  unique: [['templateCode', 'templateVersion']],
  list: {
    columns: ['templateCode', 'templateVersion', 'templateName', 'contractType', 'orgName', 'status'],
    filters: [{ field: 'templateCode', op: 'prefix' }, 'templateName', 'contractType', 'orgId', 'status'],
    sort: [{ field: 'templateId', order: 'desc' }],
    search: ['templateCode', 'templateName'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'templateCode',
          'templateVersion',
          'templateName',
          'contractType',
          'orgId',
          'bodyFileIds',
          'annexIds',
          'variables',
          'previousTemplateId',
          'changeReason',
          'remark',
        ],
      },
    ],
  },
  workflow: versionedWorkflow(TEMPLATE_PROCESS),
});
