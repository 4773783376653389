// The approval processes of sources and agreements (data: process templates, labels in the
// locale files): the purchasing manager approves ASL applications, alterations and agreements;
// an agreement with a price that moved more than five percent from the last agreed one
// (priceWarnFlag, §7.2) also goes to finance.
import type { ApprovalTemplatePlan } from '@srm/platform';
import { AGREEMENT_PROCESS } from './agreement/agreement.entity';
import { ASL_ALTERATION_PROCESS } from './asl-alteration/asl-alteration.entity';
import { ASL_APPLY_PROCESS } from './asl-apply/asl-apply.entity';

const managerNode = { nodeNum: 1, signMode: 'ANY' } as const;
const manager = { nodeNum: 1, roleCode: 'PURCHASE_MANAGER' } as const;

export const agreementsApprovals: ApprovalTemplatePlan[] = [
  {
    processKey: AGREEMENT_PROCESS,
    entityName: 'srmPurAgreement',
    nodes: [
      managerNode,
      {
        nodeNum: 2,
        signMode: 'ANY',
        conditionField: 'priceWarnFlag',
        conditionOperator: 'EQ',
        conditionValue: 'Y',
      },
    ],
    approvers: [manager, { nodeNum: 2, roleCode: 'FINANCE' }],
  },
  { processKey: ASL_APPLY_PROCESS, entityName: 'srmPurAslApply', nodes: [managerNode], approvers: [manager] },
  {
    processKey: ASL_ALTERATION_PROCESS,
    entityName: 'srmPurAslAlteration',
    nodes: [managerNode],
    approvers: [manager],
  },
];
