// Messaging's definitions, for other areas and its screens.
export { messagingArea } from './area';
export { messageConfig, messageConfigCondition, messageConfigRecipient } from './config/config.entity';
export { messageSend, messageSendTarget } from './send/send.entity';
export { messageInstance } from './instance/instance.entity';
export { messageSource } from './source/source.entity';
export { messageTemplate } from './template/template.entity';
export { messageUnsubscribe } from './unsubscribe/unsubscribe.entity';
export { messageUser } from './user/message-user.entity';
