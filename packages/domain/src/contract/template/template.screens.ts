// Screens of contract templates (web): cctTemplateList and templateManage/cctTemplateEdit, with
// 变更 opening the next version of an effective template as a draft.
import { type ScreenEntry, endpointButton, entityScreens } from '@srm/platform-ui';

const template = () => import('./template.entity').then((m) => m.contractTemplate);

export const templateScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctTemplate', template, {
    list: 'cctTemplateList',
    edit: 'templateManage/cctTemplateEdit',
    editButtons: [
      endpointButton('doAlteration', 'srmCctTemplate.doAlteration', {
        states: ['EFFECTIVE'],
        open: { path: 'templateManage/cctTemplateEdit', key: 'templateId' },
      }),
    ],
  }),
];
