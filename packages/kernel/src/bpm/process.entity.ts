// Approval process templates (流程模板), as data: for a process key (named by a document's
// workflow action, `approval: 'PO_APPROVAL'`), an ordered set of nodes, each approved by any one
// or by all of its approvers, each applying only when its condition on the document holds.
// The approval engine (packages/platform/src/approval) reads them; a running process keeps a
// copy of the version it started with.
import { defineEntity } from '../entity/define';
import { checkbox, lookup, number, ref, text, textarea } from '../entity/fields';

export const SIGN_MODES = ['ANY', 'ALL'] as const;
export const CONDITION_OPERATORS = [
  'EQ',
  'NE',
  'GT',
  'GE',
  'LT',
  'LE',
  'IN',
  'NOT_IN',
  'EMPTY',
  'NOT_EMPTY',
] as const;
export const APPROVER_TYPES = ['USER', 'ROLE', 'POSITION', 'DEPT_HEAD', 'LINE_MANAGER', 'FIELD'] as const;
/** Whom an overdue task escalates to: the approver's line manager or department head. */
export const ESCALATE_TARGETS = ['LINE_MANAGER', 'DEPT_HEAD'] as const;
export type EscalateTarget = (typeof ESCALATE_TARGETS)[number];
export type SignMode = (typeof SIGN_MODES)[number];
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export type ApproverType = (typeof APPROVER_TYPES)[number];

/** A node of a template: approved by any one (或签) or all (会签) of its approvers. */
export const processNode = defineEntity('srmBaseProcessNode', {
  area: 'system',
  service: 'bpm',
  table: 'srm_base_process_node',
  key: 'nodeId',
  parent: { entity: 'srmBaseProcessTemplate', field: 'templateId' },
  display: 'nodeName',
  fields: {
    nodeNum: number({ required: true, min: 1, max: 99 }),
    nodeName: text({ required: true, max: 120, english: 'nodeNameEn' }),
    nodeNameEn: text({ max: 120 }),
    signMode: lookup('BPM_SIGN_MODE', { required: true, codes: SIGN_MODES, default: 'ANY' }),
    /**
     * The node applies only when the document's field (or `refField.field` of the row it
     * references, e.g. `supplierId.supplierType`) compares true with the value.
     */
    conditionField: text({ max: 60 }),
    conditionOperator: lookup('BPM_CONDITION_OPERATOR', { codes: CONDITION_OPERATORS }),
    /** A number, a code, or codes separated by commas for IN / NOT_IN. */
    conditionValue: text({ max: 240 }),
  },
  unique: [['templateId', 'nodeNum']],
  list: {
    columns: [
      'nodeNum',
      'nodeName',
      'nodeNameEn',
      'signMode',
      'conditionField',
      'conditionOperator',
      'conditionValue',
    ],
    sort: [{ field: 'nodeNum', order: 'asc' }],
  },
  rules: [
    (row) =>
      row.conditionField && !row.conditionOperator
        ? { field: 'conditionOperator', message: 'bpm.conditionIncomplete' }
        : null,
    (row) =>
      row.conditionOperator && !row.conditionField
        ? { field: 'conditionField', message: 'bpm.conditionIncomplete' }
        : null,
  ],
});

/** Who approves a node: a user, the holders of a role or a position, the submitter's department
 * head or line manager, or the user held in a field of the document. */
export const processApprover = defineEntity('srmBaseProcessApprover', {
  area: 'system',
  service: 'bpm',
  table: 'srm_base_process_approver',
  key: 'approverId',
  parent: { entity: 'srmBaseProcessTemplate', field: 'templateId' },
  fields: {
    nodeNum: number({ required: true, min: 1, max: 99 }),
    approverType: lookup('BPM_APPROVER_TYPE', { required: true, codes: APPROVER_TYPES, default: 'USER' }),
    userId: ref('baseUser', { display: 'userFullName', displayAs: 'userFullName' }),
    roleId: ref('baseRole', { display: 'roleName' }),
    positionId: ref('basePosition', { display: 'positionName' }),
    /** A field of the document holding a user id (FIELD). */
    fieldName: text({ max: 60 }),
  },
  list: {
    columns: ['nodeNum', 'approverType', 'userId', 'roleId', 'positionId', 'fieldName'],
    sort: [{ field: 'nodeNum', order: 'asc' }],
  },
  rules: [
    (row) =>
      row.approverType === 'USER' && !row.userId
        ? { field: 'userId', message: 'bpm.approverValueRequired' }
        : null,
    (row) =>
      row.approverType === 'ROLE' && !row.roleId
        ? { field: 'roleId', message: 'bpm.approverValueRequired' }
        : null,
    (row) =>
      row.approverType === 'POSITION' && !row.positionId
        ? { field: 'positionId', message: 'bpm.approverValueRequired' }
        : null,
    (row) =>
      row.approverType === 'FIELD' && !row.fieldName
        ? { field: 'fieldName', message: 'bpm.approverValueRequired' }
        : null,
  ],
});

/** The template of one process key. Each save is a new version (`versionNum`); running
 * processes keep the version they started with. */
export const processTemplate = defineEntity('srmBaseProcessTemplate', {
  area: 'system',
  service: 'bpm',
  table: 'srm_base_process_template',
  key: 'templateId',
  display: 'processName',
  fields: {
    processKey: text({ required: true, unique: true, max: 60, format: 'code' }),
    processName: text({ required: true, max: 120, english: 'processNameEn' }),
    processNameEn: text({ max: 120 }),
    /** The document type (entity name) whose action names this process key. */
    entityName: text({ required: true, max: 60, indexed: true }),
    enabledFlag: checkbox({ default: 'Y' }),
    /** Remind an approver after this many hours without a decision (催办). */
    remindAfterHours: number({ min: 1, max: 8760 }),
    /** Then again every this many hours. */
    remindRepeatHours: number({ min: 1, max: 8760 }),
    /** At most this many reminders per task (no limit when empty). */
    remindMaxTimes: number({ min: 1, max: 100 }),
    /** After this many hours without a decision the task moves to the approver's manager. */
    escalateAfterHours: number({ min: 1, max: 8760 }),
    escalateTo: lookup('BPM_ESCALATE_TARGET', { codes: ESCALATE_TARGETS, default: 'LINE_MANAGER' }),
    description: textarea({ max: 500 }),
  },
  lines: { nodes: processNode, approvers: processApprover },
  list: {
    columns: [
      'processKey',
      'processName',
      'entityName',
      'enabledFlag',
      'remindAfterHours',
      'remindRepeatHours',
      'escalateAfterHours',
      'versionNum',
      'lastUpdateDate',
    ],
    filters: [{ field: 'processKey', op: 'prefix' }, 'processName', 'entityName', 'enabledFlag'],
    sort: [{ field: 'processKey', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['processKey', 'processName', 'processNameEn', 'entityName', 'enabledFlag', 'description'],
      },
      {
        key: 'reminder',
        fields: [
          'remindAfterHours',
          'remindRepeatHours',
          'remindMaxTimes',
          'escalateAfterHours',
          'escalateTo',
        ],
      },
    ],
  },
});

export const bpmEntities = [processTemplate, processNode, processApprover];
