// The history's own endpoints (msgHistory): failed instances sent again, in a batch (through
// their compensation rows, so that both lists agree), and instances not sent yet cancelled (a
// failed one through its compensation row too). The in-app channel's instances are the users'
// messages (我的消息, the platform's site messages, ADR 0019): countUnread, doRead and doReadAll
// here are the caller's own, as /api/message/v1/baseSiteMessageRestful answers them.
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { type RowOf, refs } from '@srm/kernel';
import type { SiteMessages } from '@srm/platform';
import { transactionCompen } from '../../scheduler';
import { messageDispatcherOf } from '../outbox/dispatcher';
import { messageInstance } from './instance.entity';

/** At most this many instances in one retry or cancel. */
export const MAX_BATCH = 1_000;

const batchInput = { instanceIds: refs('baseMessageInstance', { required: true, max: MAX_BATCH }) };

/** The OPEN compensation rows of these instances (those that failed for good and wait there). */
async function openCompensations(
  system: DataApi,
  rows: readonly { compenId: number | null }[],
): Promise<number[]> {
  const ids = rows.flatMap((row) => (row.compenId ? [row.compenId] : []));
  if (!ids.length) return [];
  const found = await system.list(transactionCompen, { compenId: ids });
  return found.filter((row) => row.status === 'OPEN').map((row) => row.compenId);
}

/** The chosen instances the caller may read, all of them (404) and all in a state `accepts` (409). */
async function chosen(
  data: DataApi,
  ids: readonly number[],
  accepts: (row: RowOf<typeof messageInstance>) => boolean,
  refusal: string,
): Promise<RowOf<typeof messageInstance>[]> {
  const rows = await data.list(messageInstance, { instanceId: [...ids] });
  if (rows.length !== new Set(ids).size) throw new AppError(404, 'error.notFound');
  if (!rows.every(accepts)) throw new AppError(409, refusal);
  return rows;
}

/**
 * 消息审核: a checker lets the sends of the chosen instances go, or stops them; a send is every
 * instance of its source and event, so one chosen row decides a notice to thousands.
 */
function checkEndpoint(pass: boolean) {
  return endpoint({
    summary: pass
      ? 'Lets the sends of these instances waiting for a check go (every recipient of each send)'
      : 'Stops the sends of these instances waiting for a check (every recipient of each send)',
    input: batchInput,
    scope: messageInstance,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const rows = await chosen(
        data,
        input.instanceIds,
        (row) => row.stateCode === 'CHECKING' && !!row.eventId,
        'message.instance.notChecking',
      );
      const sends = new Map(rows.map((row) => [`${row.sourceCode}|${row.eventId}`, row]));
      const count = await messageDispatcherOf(data).decide(
        data,
        [...sends.values()].map((row) => ({ sourceCode: row.sourceCode, eventId: row.eventId! })),
        pass,
      );
      return { data: { count } };
    },
  });
}

export const instanceEndpoints = defineEndpoints(messageInstance, {
  doRetry: endpoint({
    summary:
      'Sends failed message instances again (with their Message-ID), resolving their compensation rows',
    input: batchInput,
    scope: messageInstance,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const rows = await chosen(
        data,
        input.instanceIds,
        (row) => row.stateCode === 'FAILED',
        'message.instance.notFailed',
      );
      const system = data.system('a retry of failed messages the caller may read');
      const open = await openCompensations(system, rows);
      // Their compensation rows go RETRYING (and requeue them); the rest are requeued here.
      if (open.length) await system.act(transactionCompen, 'doRetry', open, {});
      const rest = rows.filter((row) => !row.compenId || !open.includes(row.compenId));
      await messageDispatcherOf(data).requeue(
        system,
        rest.map((row) => row.instanceId),
      );
      return { data: { count: rows.length } };
    },
  }),
  doCancel: endpoint({
    summary: 'Cancels message instances not sent yet',
    input: batchInput,
    scope: messageInstance,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const rows = await chosen(
        data,
        input.instanceIds,
        (row) => ['PENDING', 'RETRY_WAIT', 'FAILED'].includes(row.stateCode),
        'message.instance.notCancellable',
      );
      // A failed one waiting in compensation is compensated there (which cancels it), so that
      // both lists agree; the rest are cancelled here.
      const system = data.system('cancelling messages the caller may read');
      const open = await openCompensations(system, rows);
      if (open.length) await system.act(transactionCompen, 'doCompensate', open, {});
      const count =
        open.length +
        (await messageDispatcherOf(data).cancel(
          system,
          rows.filter((row) => !row.compenId || !open.includes(row.compenId)).map((row) => row.instanceId),
        ));
      return { data: { count } };
    },
  }),
  doCheckPass: checkEndpoint(true),
  doCheckReject: checkEndpoint(false),
  countUnread: endpoint({
    summary: "How many of the caller's in-app messages are unread (the bell's count)",
    input: {},
    scope: messageInstance,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    async handle(data) {
      return { data: { count: await inbox(data).countUnread(data.actor) } };
    },
  }),
  doRead: endpoint({
    summary: "Marks some of the caller's in-app messages read (another's ids change nothing)",
    input: { messageIds: refs('baseSiteMessage', { required: true, max: MAX_BATCH, callersOwn: true }) },
    scope: messageInstance,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(data, input) {
      return { data: { count: await inbox(data).markRead(data.actor, input.messageIds) } };
    },
  }),
  doReadAll: endpoint({
    summary: "Marks every in-app message of the caller's read",
    input: {},
    scope: messageInstance,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(data) {
      return { data: { count: await inbox(data).markRead(data.actor, 'all') } };
    },
  }),
});

/** The caller's in-app messages. */
function inbox(data: DataApi): SiteMessages {
  const messages = data.runtime.plugins.siteMessages;
  if (!messages) throw new Error('in-app messages are not running');
  return messages;
}
