// The approval processes of sources and agreements (data: process templates): the purchasing
// manager approves ASL applications, alterations and agreements; an agreement with a price that
// moved more than five percent from the last agreed one (priceWarnFlag, §7.2) also goes to finance.
import type { Row } from '@srm/platform';
import { AGREEMENT_PROCESS, ASL_ALTERATION_PROCESS, ASL_APPLY_PROCESS } from './workflow';

const managerNode = {
  nodeNum: 1,
  nodeName: '采购经理审批',
  nodeNameEn: 'Purchasing manager',
  signMode: 'ANY',
};

/** The three templates; without a finance role the agreement has the manager's node only. */
export function agreementsTemplates(managerRoleId: number, financeRoleId: number | null): Row[] {
  return [
    {
      processKey: AGREEMENT_PROCESS,
      processName: '采购协议审批',
      processNameEn: 'Purchase agreement approval',
      entityName: 'srmPurAgreement',
      nodes: [
        managerNode,
        ...(financeRoleId === null
          ? []
          : [
              {
                nodeNum: 2,
                nodeName: '财务复核（价格变动超过5%）',
                nodeNameEn: 'Finance review (price change above 5 %)',
                signMode: 'ANY',
                conditionField: 'priceWarnFlag',
                conditionOperator: 'EQ',
                conditionValue: 'Y',
              },
            ]),
      ],
      approvers: [
        { nodeNum: 1, approverType: 'ROLE', roleId: managerRoleId },
        ...(financeRoleId === null ? [] : [{ nodeNum: 2, approverType: 'ROLE', roleId: financeRoleId }]),
      ],
    },
    {
      processKey: ASL_APPLY_PROCESS,
      processName: '合格供应商目录申请审批',
      processNameEn: 'ASL application approval',
      entityName: 'srmPurAslApply',
      nodes: [managerNode],
      approvers: [{ nodeNum: 1, approverType: 'ROLE', roleId: managerRoleId }],
    },
    {
      processKey: ASL_ALTERATION_PROCESS,
      processName: '合格供应商目录变更审批',
      processNameEn: 'ASL alteration approval',
      entityName: 'srmPurAslAlteration',
      nodes: [managerNode],
      approvers: [{ nodeNum: 1, approverType: 'ROLE', roleId: managerRoleId }],
    },
  ];
}
