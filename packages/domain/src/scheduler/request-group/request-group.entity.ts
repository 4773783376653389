// Request groups (请求组): the programs a responsibility may submit. A user submits only programs
// of a group granted to the responsibility he works in (EBS's request group of a responsibility).
import { defineEntity, number, ref, text, textarea } from '@srm/kernel';

export const requestGroupProgram = defineEntity('baseRequestGroupProgram', {
  area: 'scheduler',
  service: 'schedule',
  key: 'groupProgramId',
  display: 'programId',
  parent: { entity: 'baseRequestGroup', field: 'requestGroupId' },
  unique: [['requestGroupId', 'programId']],
  fields: {
    requestGroupId: ref('baseRequestGroup', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    programId: ref('baseConcurrentProgram', { required: true, display: 'programName' }),
  },
  list: { columns: ['lineNum', 'programId'] },
});

export const requestGroupResp = defineEntity('baseRequestGroupResp', {
  area: 'scheduler',
  service: 'schedule',
  key: 'groupRespId',
  display: 'responsibilityId',
  parent: { entity: 'baseRequestGroup', field: 'requestGroupId' },
  unique: [['requestGroupId', 'responsibilityId']],
  fields: {
    requestGroupId: ref('baseRequestGroup', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    responsibilityId: ref('baseResponsibility', { required: true, display: 'responsibilityName' }),
  },
  list: { columns: ['lineNum', 'responsibilityId'] },
});

export const requestGroup = defineEntity('baseRequestGroup', {
  area: 'scheduler',
  service: 'schedule',
  key: 'requestGroupId',
  display: 'groupName',
  fields: {
    groupCode: text({ required: true, unique: true, max: 40, format: 'code' }),
    groupName: text({ required: true, max: 120 }),
    /** Active requests one user may have at a time in this group's programs (0: no cap). */
    maxActivePerUser: number({ required: true, min: 0, max: 1000, default: 20 }),
    description: textarea({ max: 500 }),
  },
  lines: { programs: requestGroupProgram, responsibilities: requestGroupResp },
  list: {
    columns: ['groupCode', 'groupName', 'maxActivePerUser'],
    filters: [
      { field: 'groupCode', op: 'prefix' },
      { field: 'groupName', op: 'contains' },
    ],
    sort: [{ field: 'groupCode', order: 'asc' }],
  },
  form: {
    sections: [{ key: 'basic', fields: ['groupCode', 'groupName', 'maxActivePerUser', 'description'] }],
  },
});
