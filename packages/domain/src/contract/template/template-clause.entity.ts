// A template's clause slots (条款位): the library clauses a contract made from the template starts
// with, in order. A required slot's clause must stay in the contract; a fixed one (not editable)
// must keep the library's wording. The slot names the clause by its code: a contract takes the
// version in effect when it picks the template (../contract/contract.actions.ts), and its submit
// checks the slots (required, fixed) of the template version it was made with.
import { checkbox, defineEntity, number, ref } from '@srm/kernel';

export const templateClause = defineEntity('srmCctTemplateClause', {
  area: 'contract',
  key: 'templateClauseId',
  parent: { entity: 'srmCctTemplate', field: 'templateId' },
  fields: {
    sequenceNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    /** The library clause (any version of its code: the contract takes the one in effect). */
    termsId: ref('srmCctTerms', {
      required: true,
      displayAs: 'termsTitle',
      filter: () => ({ status: 'EFFECTIVE' }),
    }),
    /** The contract may not drop it. */
    requiredFlag: checkbox({ default: 'Y' }),
    /** The contract may reword it (the approver sees the difference); unticked: the library's words only. */
    editableFlag: checkbox({ default: 'Y' }),
  },
  list: { columns: ['sequenceNum', 'termsId', 'requiredFlag', 'editableFlag'] },
});
