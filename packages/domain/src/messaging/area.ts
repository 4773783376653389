// Messaging (消息中心): the instances every e-mail is sent from, after the transaction that
// causes it, with retries and compensation. The area's manifest: entities, labels, menus.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { messageConfig, messageConfigCondition, messageConfigRecipient } from './config/config.entity';
import { messageInstance } from './instance/instance.entity';
import { messageSend, messageSendTarget } from './send/send.entity';
import { messageSource } from './source/source.entity';
import { messageTemplate } from './template/template.entity';
import { messageUnsubscribe } from './unsubscribe/unsubscribe.entity';
import { messageUser } from './user/message-user.entity';

export const messagingArea = defineArea({
  name: 'messaging',
  entities: [
    messageInstance,
    messageSource,
    messageTemplate,
    messageUnsubscribe,
    messageConfig,
    messageConfigRecipient,
    messageConfigCondition,
    messageSend,
    messageSendTarget,
    messageUser,
  ],
  messages: { 'zh-CN': zhCN, en },
  menus: [
    {
      code: 'MSG_HISTORY',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgHistory',
      entity: 'baseMessageInstance',
      order: 135,
    },
    {
      code: 'MSG_CHECK',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgInstanceCheck',
      entity: 'baseMessageInstance',
      order: 135.5,
    },
    {
      code: 'MSG_SOURCE',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgSourceCfg',
      entity: 'baseMessageSource',
      order: 136,
    },
    {
      code: 'MSG_TEMPLATE',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgTempleCfg',
      entity: 'baseMessageTemplate',
      order: 136.5,
    },
    {
      code: 'MSG_CONFIG',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgCfg',
      entity: 'baseMessageConfig',
      order: 136.7,
    },
    {
      code: 'MSG_SEND',
      side: 'internal',
      under: 'NOTICES',
      path: 'messageList',
      entity: 'baseMessageSend',
      order: 35,
    },
    {
      code: 'MSG_USER',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgUser',
      entity: 'baseMessageUser',
      order: 136.9,
    },
    {
      code: 'MSG_UNSUBSCRIBE',
      side: 'internal',
      under: 'SYSTEM',
      path: 'msgTd',
      entity: 'baseMessageUnsubscribe',
      order: 137,
    },
  ],
  grants: {
    BUYER: { MSG_SEND: 'all' },
    PURCHASE_MANAGER: { MSG_SEND: ['view'] },
  },
});
