// Batch temporary (批量暂存) on the server (ADR 0010): a staging row saved by the supplier takes its
// line's facts; the line a row ships is chosen when it is added and never changes.
import { defineActions } from '@srm/platform';
import { supplierOf } from '../support';
import { asnBatchTemp } from './asn-batch-temp.entity';
import { deriveStaged } from './asn-batch-temp.support';

export const asnBatchTempActions = defineActions(asnBatchTemp, {
  async beforeSave(ctx) {
    const { row, previous } = ctx;
    if (
      previous &&
      (previous.poLineId !== row.poLineId || previous.deliveryNoticeLineId !== row.deliveryNoticeLineId)
    )
      return [{ field: 'poLineId', message: 'delivery.batch.lineFixed' }];
    return deriveStaged(ctx, row.supplierId ?? supplierOf(ctx), [row]);
  },
});
