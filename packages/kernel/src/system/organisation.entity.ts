// People and posts (组织人员): departments inside the companies of the organisation tree, the
// employees (the person records behind internal users), jobs (the kind of work), position levels
// (a ranked tree) and positions (posts in a department) with the employees allotted to them.
// Approval routing resolves the department head, the line manager and "approver by position"
// from these references, so their names are part of the contract.
import { defineEntity } from '../entity/define';
import { checkbox, date, number, ref, text, textarea } from '../entity/fields';

const notSelf = (key: string, field: string, message: string) => (row: Readonly<Record<string, unknown>>) =>
  row[key] != null && row[field] === row[key] ? { field, message } : null;

const dateOrder = (row: Readonly<Record<string, unknown>>) =>
  row.startDate && row.endDate && String(row.endDate) < String(row.startDate)
    ? { field: 'endDate', message: 'validation.rangeOrder' }
    : null;

/** Department (部门): a unit of a company, in a tree, with its head (部门负责人). */
export const department = defineEntity('baseDepartment', {
  area: 'system',
  service: 'base',
  table: 'base_department',
  key: 'departmentId',
  display: 'departmentName',
  fields: {
    departmentCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    departmentName: text({ required: true, max: 120, english: 'departmentNameEn' }),
    departmentNameEn: text({ max: 120 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    parentDepartmentId: ref('baseDepartment', {
      display: 'departmentName',
      displayAs: 'parentDepartmentName',
    }),
    /** The department head: approvals "by department head" go to this employee. */
    managerEmployeeId: ref('baseEmployee', { display: 'employeeName' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  tree: { parent: 'parentDepartmentId' },
  list: {
    columns: [
      'departmentCode',
      'departmentName',
      'departmentNameEn',
      'orgName',
      'parentDepartmentName',
      'managerEmployeeName',
      'enabledFlag',
    ],
    filters: [
      { field: 'departmentCode', op: 'prefix' },
      'departmentName',
      'orgId',
      'parentDepartmentId',
      'managerEmployeeId',
      'enabledFlag',
    ],
    sort: [{ field: 'departmentCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'departmentCode',
          'departmentName',
          'departmentNameEn',
          'orgId',
          'parentDepartmentId',
          'managerEmployeeId',
          'enabledFlag',
        ],
      },
    ],
  },
  rules: [notSelf('departmentId', 'parentDepartmentId', 'baseDepartment.parentSelf')],
});

/** Employee (员工): the person record of an internal user, separate from the login account. */
export const employee = defineEntity('baseEmployee', {
  area: 'system',
  service: 'base',
  table: 'base_employee',
  key: 'employeeId',
  display: 'employeeName',
  fields: {
    employeeNumber: text({ required: true, unique: true, max: 30, format: 'code' }),
    employeeName: text({ required: true, max: 120, english: 'employeeNameEn' }),
    employeeNameEn: text({ max: 120 }),
    departmentId: ref('baseDepartment', { display: 'departmentName' }),
    /** The main position; further posts are allotments of basePosition. */
    positionId: ref('basePosition', { display: 'positionName' }),
    /** The line manager (直属上级): approvals "by line manager" go to this employee. */
    lineManagerId: ref('baseEmployee', { display: 'employeeName' }),
    email: text({ max: 120, format: 'email' }),
    mobile: text({ max: 20, format: 'mobile' }),
    hireDate: date(),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: [
      'employeeNumber',
      'employeeName',
      'employeeNameEn',
      'departmentName',
      'positionName',
      'lineManagerName',
      'email',
      'mobile',
      'hireDate',
      'enabledFlag',
    ],
    filters: [
      { field: 'employeeNumber', op: 'prefix' },
      'employeeName',
      'departmentId',
      'positionId',
      'lineManagerId',
      'email',
      'mobile',
      'enabledFlag',
    ],
    sort: [{ field: 'employeeNumber', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['employeeNumber', 'employeeName', 'employeeNameEn', 'hireDate', 'enabledFlag'],
      },
      { key: 'assignment', fields: ['departmentId', 'positionId', 'lineManagerId'] },
      { key: 'contact', fields: ['email', 'mobile'] },
    ],
  },
  rules: [notSelf('employeeId', 'lineManagerId', 'baseEmployee.lineManagerSelf')],
});

/** Job (职务): the kind of work a person does, independent of a particular post. */
export const job = defineEntity('baseJob', {
  area: 'system',
  service: 'base',
  table: 'base_job',
  key: 'jobId',
  display: 'jobName',
  fields: {
    jobCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    jobName: text({ required: true, max: 120, english: 'jobNameEn' }),
    jobNameEn: text({ max: 120 }),
    description: textarea({ max: 1000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: ['jobCode', 'jobName', 'jobNameEn', 'description', 'enabledFlag'],
    filters: [{ field: 'jobCode', op: 'prefix' }, 'jobName', 'enabledFlag'],
    sort: [{ field: 'jobCode', order: 'asc' }],
  },
  form: {
    sections: [{ key: 'basic', fields: ['jobCode', 'jobName', 'jobNameEn', 'enabledFlag', 'description'] }],
  },
});

/** Position level (职级): the ranks of positions, as a tree. */
export const positionLevel = defineEntity('basePositionLevel', {
  area: 'system',
  service: 'base',
  table: 'base_position_level',
  key: 'positionLevelId',
  display: 'positionLevelName',
  fields: {
    positionLevelCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    positionLevelName: text({ required: true, max: 120, english: 'positionLevelNameEn' }),
    positionLevelNameEn: text({ max: 120 }),
    parentPositionLevelId: ref('basePositionLevel', {
      display: 'positionLevelName',
      displayAs: 'parentPositionLevelName',
    }),
    /** Rank used to order and compare levels. */
    rankNum: number({ min: 0, max: 9999 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  tree: { parent: 'parentPositionLevelId' },
  list: {
    columns: [
      'positionLevelCode',
      'positionLevelName',
      'positionLevelNameEn',
      'parentPositionLevelName',
      'rankNum',
      'enabledFlag',
    ],
    filters: [
      { field: 'positionLevelCode', op: 'prefix' },
      'positionLevelName',
      'parentPositionLevelId',
      'enabledFlag',
    ],
    sort: [
      { field: 'rankNum', order: 'asc' },
      { field: 'positionLevelCode', order: 'asc' },
    ],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'positionLevelCode',
          'positionLevelName',
          'positionLevelNameEn',
          'parentPositionLevelId',
          'rankNum',
          'enabledFlag',
        ],
      },
    ],
  },
  rules: [notSelf('positionLevelId', 'parentPositionLevelId', 'basePositionLevel.parentSelf')],
});

/** Position allotment (岗位分配): an employee holding a position during a period. */
export const positionAllot = defineEntity('basePositionAllot', {
  area: 'system',
  service: 'base',
  table: 'base_position_allot',
  key: 'positionAllotId',
  parent: { entity: 'basePosition', field: 'positionId' },
  fields: {
    employeeId: ref('baseEmployee', { required: true, display: 'employeeName' }),
    /** The employee's main position. */
    primaryFlag: checkbox(),
    startDate: date(),
    endDate: date(),
  },
  unique: [['positionId', 'employeeId']],
  list: { columns: ['employeeId', 'employeeName', 'primaryFlag', 'startDate', 'endDate'] },
  rules: [dateOrder],
});

/** Position (岗位): a post in a department, ranked by a level, of a job. */
export const position = defineEntity('basePosition', {
  area: 'system',
  service: 'base',
  table: 'base_position',
  key: 'positionId',
  display: 'positionName',
  fields: {
    positionCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    positionName: text({ required: true, max: 120, english: 'positionNameEn' }),
    positionNameEn: text({ max: 120 }),
    departmentId: ref('baseDepartment', { required: true, display: 'departmentName' }),
    positionLevelId: ref('basePositionLevel', { display: 'positionLevelName' }),
    jobId: ref('baseJob', { display: 'jobName' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { allotments: positionAllot },
  list: {
    columns: [
      'positionCode',
      'positionName',
      'positionNameEn',
      'departmentName',
      'positionLevelName',
      'jobName',
      'enabledFlag',
    ],
    filters: [
      { field: 'positionCode', op: 'prefix' },
      'positionName',
      'departmentId',
      'positionLevelId',
      'jobId',
      'enabledFlag',
    ],
    sort: [{ field: 'positionCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'positionCode',
          'positionName',
          'positionNameEn',
          'departmentId',
          'positionLevelId',
          'jobId',
          'enabledFlag',
        ],
      },
    ],
  },
});

export const organisationEntities = [department, employee, job, positionLevel, position, positionAllot];
