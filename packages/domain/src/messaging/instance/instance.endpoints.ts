// The history's own endpoints (msgHistory): failed instances sent again, in a batch (through
// their compensation rows, so that both lists agree), and instances not sent yet cancelled.
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { refs } from '@srm/kernel';
import { transactionCompen } from '../../scheduler';
import { messageDispatcherOf } from '../outbox/dispatcher';
import { messageInstance } from './instance.entity';

/** At most this many instances in one retry or cancel. */
export const MAX_BATCH = 1_000;

const batchInput = { instanceIds: refs('baseMessageInstance', { required: true, max: MAX_BATCH }) };

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
      const rows = await data.list(messageInstance, { instanceId: input.instanceIds });
      if (rows.length !== new Set(input.instanceIds).size) throw new AppError(404, 'error.notFound');
      if (rows.some((row) => row.stateCode !== 'FAILED'))
        throw new AppError(409, 'message.instance.notFailed');
      const system = data.system('a retry of failed messages the caller may read');
      const withRow = rows.filter((row) => row.compenId);
      const open = withRow.length
        ? (await system.list(transactionCompen, { compenId: withRow.map((row) => row.compenId!) }))
            .filter((row) => row.status === 'OPEN')
            .map((row) => row.compenId)
        : [];
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
      const rows = await data.list(messageInstance, { instanceId: input.instanceIds });
      if (rows.length !== new Set(input.instanceIds).size) throw new AppError(404, 'error.notFound');
      if (rows.some((row) => !['PENDING', 'RETRY_WAIT', 'FAILED'].includes(row.stateCode)))
        throw new AppError(409, 'message.instance.notCancellable');
      const count = await messageDispatcherOf(data).cancel(
        data.system('cancelling messages the caller may read'),
        rows.map((row) => row.instanceId),
      );
      return { data: { count } };
    },
  }),
});
