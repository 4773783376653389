// The approval processes of the supplier area (data: process templates): the purchasing manager
// approves a registration (the last approval creates the supplier and its first external user)
// a blacklist entry (approval puts it in force), a change info (approval applies it), a
// quit (it takes effect on its date), a suspension or resumption of library lines and a
// qualification censor, a locale inspection, a sample trial and a batch trial (approval writes its
// introduction’s step), and a pattern-making sample fee (approval lets the supplier make the samples).
import type { ApprovalTemplatePlan } from '@srm/platform';
import { QUALIFY_CENSOR_PROCESS } from './qualify-censor/qualify-censor.entity';
import { LOCALE_INSPECTION_PROCESS } from './locale-inspection/locale-inspection.entity';
import { SAMPLE_TRIAL_PROCESS } from './sample-trial/sample-trial.entity';
import { BATCH_TRIAL_PROCESS } from './batch-trial/batch-trial.entity';
import { PATTERN_FEE_PROCESS } from './pattern-making-reply/pattern-making-reply.entity';
import { SUPPLIER_BLACKLIST_PROCESS } from './supplier-blacklist/supplier-blacklist.entity';
import { SUPPLIER_CHANGE_PROCESS } from './supplier-change/supplier-change.entity';
import { SUPPLIER_LINE_CHANGE_PROCESS } from './supplier-line-change/supplier-line-change.entity';
import { SUPPLIER_QUIT_PROCESS } from './supplier-quit/supplier-quit.entity';
import { SUPPLIER_REGISTER_PROCESS } from './supplier-register/supplier-register.entity';

export const supplierApprovals: ApprovalTemplatePlan[] = [
  {
    processKey: SUPPLIER_REGISTER_PROCESS,
    entityName: 'srmSupplierRegister',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: SUPPLIER_BLACKLIST_PROCESS,
    entityName: 'srmSupplierBlacklist',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: SUPPLIER_CHANGE_PROCESS,
    entityName: 'srmSupplierChange',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: SUPPLIER_QUIT_PROCESS,
    entityName: 'srmSupplierQuit',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: SUPPLIER_LINE_CHANGE_PROCESS,
    entityName: 'srmSupplierLineChange',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: QUALIFY_CENSOR_PROCESS,
    entityName: 'srmQualifyCensor',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: LOCALE_INSPECTION_PROCESS,
    entityName: 'srmLocaleInspection',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: SAMPLE_TRIAL_PROCESS,
    entityName: 'srmSampleTrial',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: BATCH_TRIAL_PROCESS,
    entityName: 'srmBatchTrial',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: PATTERN_FEE_PROCESS,
    entityName: 'srmPatternMakingReply',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
];
