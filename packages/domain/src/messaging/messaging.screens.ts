// Screens of messaging (web): the history of every message instance (msgHistory), with its
// retry and cancel buttons; the sources (msgSourceCfg), the templates (msgTempleCfg, with a
// preview) and the unsubscribes (msgTd).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { checkButtons, instanceButtons } from './instance/instance.buttons';
import { deliveriesButton } from './send/send.buttons';
import { templatePreviewButton } from './template/template.buttons';

const definitions = () => import('./index');

export const messagingScreens: ScreenEntry[] = [
  ...entityScreens('messaging', 'baseMessageInstance', () => definitions().then((m) => m.messageInstance), {
    list: 'msgHistory',
    edit: 'msgHistoryDetail',
    listButtons: instanceButtons,
  }),
  // 消息审核: the sends waiting for a checker (a source that needs a check, or a big send).
  ...entityScreens('messaging', 'baseMessageInstance', () => definitions().then((m) => m.messageInstance), {
    list: 'msgInstanceCheck',
    edit: 'msgInstanceCheckDetail',
    listFilters: { stateCode: ['CHECKING'] },
    listButtons: checkButtons,
  }),
  ...entityScreens('messaging', 'baseMessageSource', () => definitions().then((m) => m.messageSource), {
    list: 'msgSourceCfg',
    edit: 'msgSourceCfgEdit',
  }),
  ...entityScreens('messaging', 'baseMessageTemplate', () => definitions().then((m) => m.messageTemplate), {
    list: 'msgTempleCfg',
    edit: 'msgTempleCfgEdit',
    editButtons: [templatePreviewButton],
  }),
  ...entityScreens('messaging', 'baseMessageSend', () => definitions().then((m) => m.messageSend), {
    list: 'messageList',
    edit: 'messageListDetail',
    editButtons: [deliveriesButton],
  }),
  ...entityScreens('messaging', 'baseMessageConfig', () => definitions().then((m) => m.messageConfig), {
    list: 'msgCfg',
    edit: 'msgCfgEdit',
  }),
  ...entityScreens('messaging', 'baseMessageUser', () => definitions().then((m) => m.messageUser), {
    list: 'msgUser',
    edit: 'msgUserEdit',
  }),
  ...entityScreens(
    'messaging',
    'baseMessageUnsubscribe',
    () => definitions().then((m) => m.messageUnsubscribe),
    {
      list: 'msgTd',
      edit: 'msgTdEdit',
    },
  ),
];
