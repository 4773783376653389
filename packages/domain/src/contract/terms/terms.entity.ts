// The clause library (合同条款): standard clauses approved once and copied into contracts. Each
// change of an effective clause is a new version (doAlteration opens version n + 1 as a draft);
// its approval supersedes the version before, and contracts keep the version they were made with.
import { defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { versionedWorkflow } from '../versions';

/** The approval process of clauses (its template: ../approval.ts). */
export const TERMS_PROCESS = 'CCT_TERMS_APPROVAL';

/** Kinds of contract (主合同, 变更合同, 补充协议, 预合同). */
export const CONTRACT_TYPES = ['MAIN', 'ALTERATION', 'SUPPLEMENT', 'PRE'] as const;

export const TERMS_CATEGORIES = [
  'GENERAL',
  'PAYMENT',
  'DELIVERY',
  'QUALITY',
  'WARRANTY',
  'CONFIDENTIALITY',
  'LIABILITY',
  'DISPUTE',
  'OTHER',
] as const;

/** The variables a clause uses: its `{name}` tags, in order of first use. */
export function clauseVariables(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  const names = [...body.matchAll(/\{([A-Za-z][A-Za-z0-9_.]*)\}/g)].map((match) => match[1]!);
  return names.length ? [...new Set(names)].join(',').slice(0, 1000) : null;
}

export const terms = defineEntity('srmCctTerms', {
  area: 'contract',
  key: 'termsId',
  display: 'termsTitle',
  fields: {
    termsCode: text({ required: true, max: 30, format: 'code' }),
    /** 1 for a new clause; an alteration opens the next. */
    termsVersion: number({ readonly: true, min: 1, default: 1 }),
    termsTitle: text({ required: true, max: 200 }),
    category: lookup('CCT_TERMS_CATEGORY', { required: true, codes: TERMS_CATEGORIES }),
    termsBody: textarea({ required: true, max: 20000, rich: true }),
    variables: text({ readonly: true, max: 1000, computed: (row) => clauseVariables(row.termsBody) }),
    contractTypes: lookup('CCT_CONTRACT_TYPE', { multi: true, codes: CONTRACT_TYPES }),
    /** The organisation it is meant for; empty: every one. Clauses are read by every buyer (no organisation scope). */
    orgId: ref('srmBaseOrg', { display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    /** The version this one alters. */
    previousTermsId: ref('srmCctTerms', {
      readonly: true,
      display: 'termsCode',
      displayAs: 'previousTermsCode',
    }),
    changeReason: text({ max: 500 }),
    remark: textarea({ max: 1000 }),
  },
  unique: [['termsCode', 'termsVersion']],
  list: {
    columns: ['termsCode', 'termsVersion', 'termsTitle', 'category', 'contractTypes', 'orgName', 'status'],
    filters: [{ field: 'termsCode', op: 'prefix' }, 'termsTitle', 'category', 'orgId', 'status'],
    sort: [{ field: 'termsId', order: 'desc' }],
    search: ['termsCode', 'termsTitle'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'termsCode',
          'termsVersion',
          'termsTitle',
          'category',
          'contractTypes',
          'orgId',
          'variables',
          'previousTermsId',
          'changeReason',
          'remark',
        ],
      },
      { key: 'body', fields: ['termsBody'] },
    ],
  },
  workflow: versionedWorkflow(TERMS_PROCESS),
});
