// Who a shared file goes to (资料对象): the same groups as a notice's audience, resolved into
// readers at publishing (a snapshot, like a notice's).
import { defineEntity } from '@srm/kernel';
import { AUDIENCE_COLUMNS, audienceFields, audienceNamed } from '../notice/notice-target.entity';

export const commonFileTarget = defineEntity('srmCommonFileTarget', {
  area: 'notice',
  key: 'targetId',
  parent: { entity: 'srmCommonFile', field: 'commonFileId' },
  fields: audienceFields(),
  list: { columns: [...AUDIENCE_COLUMNS] },
  rules: [audienceNamed],
});
