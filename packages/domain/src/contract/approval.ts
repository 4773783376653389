// The approval processes of contracts (data: process templates, labels in the locale files): the
// purchasing manager approves contracts, clauses, terminations and voids; a contract above one
// million including tax also goes to finance, as does a termination (what was paid is its word).
import type { ApprovalTemplatePlan } from '@srm/platform';
import {
  CONTRACT_PROCESS,
  CONTRACT_TERMINATE_PROCESS,
  CONTRACT_VOID_PROCESS,
} from './contract/contract.entity';
import { TERMS_PROCESS } from './terms/terms.entity';
import { TEMPLATE_PROCESS } from './template/template.entity';
import { ACCEPTANCE_PROCESS } from './asset-acceptance/asset-acceptance.entity';

const managerNode = { nodeNum: 1, signMode: 'ANY' } as const;
const manager = { nodeNum: 1, roleCode: 'PURCHASE_MANAGER' } as const;
const finance = { nodeNum: 2, roleCode: 'FINANCE' } as const;

export const contractApprovals: ApprovalTemplatePlan[] = [
  {
    processKey: CONTRACT_PROCESS,
    entityName: 'srmCctContract',
    nodes: [
      managerNode,
      {
        nodeNum: 2,
        signMode: 'ANY',
        conditionField: 'amountInclTax',
        conditionOperator: 'GT',
        conditionValue: '1000000',
      },
    ],
    approvers: [manager, finance],
  },
  {
    processKey: CONTRACT_TERMINATE_PROCESS,
    entityName: 'srmCctContract',
    nodes: [managerNode, { nodeNum: 2, signMode: 'ANY' }],
    approvers: [manager, finance],
  },
  {
    processKey: CONTRACT_VOID_PROCESS,
    entityName: 'srmCctContract',
    nodes: [managerNode],
    approvers: [manager],
  },
  { processKey: TERMS_PROCESS, entityName: 'srmCctTerms', nodes: [managerNode], approvers: [manager] },
  { processKey: TEMPLATE_PROCESS, entityName: 'srmCctTemplate', nodes: [managerNode], approvers: [manager] },
  {
    processKey: ACCEPTANCE_PROCESS,
    entityName: 'srmCctAssetAcceptance',
    nodes: [managerNode],
    approvers: [manager],
  },
];
