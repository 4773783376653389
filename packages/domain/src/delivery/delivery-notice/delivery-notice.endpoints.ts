// Delivery notices' own endpoints, for the supplier: its confirmed lines still open to ship, and a
// draft delivery note made from a confirmed notice in one call.
import { quantity, ref, rows } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { asn } from '../asn/asn.entity';
import { MAX_LINES, noteHeaderInput, openNoticeLines, supplierOf, today } from '../support';
import { deliveryNotice } from './delivery-notice.entity';

export const deliveryNoticeEndpoints = defineEndpoints(deliveryNotice, {
  /** 可发货通知行: the supplier's confirmed notice lines with quantity still to ship. */
  openNoticeLines: endpoint({
    summary: "The supplier's confirmed notice lines with quantity still open to ship",
    input: { noticeHeaderId: ref('srmPurDeliveryNotice') },
    scope: deliveryNotice,
    resource: 'read',
    sides: ['supplier'],
    async handle(ctx, input) {
      return { data: await openNoticeLines(ctx, supplierOf(ctx), input.noticeHeaderId ?? null) };
    },
  }),
  /** 创建送货单: a draft delivery note from confirmed notice lines, each shipping what remains unless told. */
  createAsn: endpoint({
    summary: 'A draft delivery note from a confirmed delivery notice',
    input: {
      noticeHeaderId: ref('srmPurDeliveryNotice', { required: true }),
      ...noteHeaderInput,
      lines: rows(
        {
          noticeLineId: ref('srmPurDeliveryNoticeLine', { required: true }),
          shipQuantity: quantity({ min: 0.0001 }),
        },
        { max: MAX_LINES },
      ),
    },
    scope: deliveryNotice,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const { noticeHeaderId, lines: given, ...header } = input;
      const open = await openNoticeLines(ctx, supplierOf(ctx), noticeHeaderId);
      if (!open.length) throw new AppError(422, 'delivery.notice.nothingOpen');
      const wanted = given ?? open.map((line) => ({ noticeLineId: line.noticeLineId, shipQuantity: null }));
      if (!wanted.length) throw new AppError(400, 'delivery.input.lines');
      const byId = new Map(open.map((line) => [line.noticeLineId, line]));
      const lines = wanted.map((item, index) => {
        const line = byId.get(item.noticeLineId);
        if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
        return {
          lineNum: index + 1,
          poLineId: line.poLineId,
          deliveryNoticeLineId: line.noticeLineId,
          shipQuantity: item.shipQuantity ?? line.openQuantity,
        };
      });
      const [notice] = await ctx.list(deliveryNotice, { noticeHeaderId }, { limit: 1 });
      const address = notice?.shipToAddress ?? notice?.deliveryAddress ?? null;
      const saved = await ctx.save(asn, {
        shipToAddress: typeof address === 'string' ? address : null,
        ...header,
        shipDate: header.shipDate ?? today(ctx),
        lines,
      });
      return { data: saved };
    },
  }),
});
