// Messaging on the server: the dispatcher (the platform's message outbox, started with the
// server), the history's endpoints and what compensation does for a message that failed; who
// reads a written message's files; an SMS provider's callbacks.
import { defineServerArea } from '@srm/platform';
import { messagingArea } from './area';
import { configActions, configEndpoints } from './config/config.actions';
import { sendActions, sendEndpoints, toldOfSend } from './send/send.actions';
import { messageSend } from './send/send.entity';
import { instanceEndpoints } from './instance/instance.endpoints';
import { messageCompensation } from './outbox/compensation.actions';
import { MessageDispatcher } from './outbox/dispatcher';
import { PURGE_MESSAGE_LOG, purgeMessageLog } from './outbox/purge';
import { messagingProgramSeed } from './messaging.seed';
import { SMS_RECEIPTS_HOOK, SMS_REPLIES_HOOK, smsReceiptsHook, smsRepliesHook } from './outbox/sms-callbacks';
import { templateActions, templateEndpoints } from './template/template.actions';
import { unsubscribeActions } from './unsubscribe/unsubscribe.actions';
import { directoryFollowsUsers, messageUserActions, messageUserEndpoints } from './user/message-user.actions';

export const messagingServer = defineServerArea(messagingArea, {
  actions: [
    configActions,
    configEndpoints,
    sendActions,
    sendEndpoints,
    instanceEndpoints,
    messageCompensation,
    templateActions,
    templateEndpoints,
    unsubscribeActions,
    messageUserActions,
    messageUserEndpoints,
  ],
  seeds: [messagingProgramSeed],
  executables: { [PURGE_MESSAGE_LOG]: purgeMessageLog },
  // The recipient directory follows the users.
  observers: [directoryFollowsUsers],
  background: (services) => new MessageDispatcher(services),
  // Whoever was told of a written message reads its files (they cannot read the send itself).
  fileReaders: { [messageSend.name]: toldOfSend },
  // An SMS provider's delivery receipts and phones' TD answers.
  webhooks: { [SMS_RECEIPTS_HOOK]: smsReceiptsHook, [SMS_REPLIES_HOOK]: smsRepliesHook },
});
