// Batch temporary (批量暂存) on the server (ADR 0010): rows are added from the supplier's open order
// lines and confirmed notice lines (`addLines`), edited as drafts, and turned into delivery notes
// (`generateAsn`): grouped by what a note's header holds, each group saved through the delivery
// note's own save — so the note's rules (own lines, open lines, never more than remains open on
// the order or notice line, under row locks) decide — all in one transaction, the rows used
// deleted with it. A refused row refuses the whole generation.
import { and, eq, inArray } from 'drizzle-orm';
import { type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { asnBatchTemp } from './asn-batch-temp.entity';
import { openOrderLines, supplierOf } from './asn.actions';
import { openNoticeLines } from './delivery-notice.actions';
import { noticeLineFacts } from './notice-support';
import { bodyOf, col, idIn, orderLineFacts } from './support';

const TEMP = 'srmPurAsnBatchTemp';
const ASN = 'srmPurAsnHeader';
const MAX_ROWS = 2000;

/** The header fields a delivery note holds: rows that agree on all of them share a note. */
export const NOTE_HEADER_FIELDS = [
  'orgId',
  'shipDate',
  'expectedArrivalDate',
  'shipToAddress',
  'carrierName',
  'trackingNumber',
] as const;

const today = (context: HookContext) => context.now.toISOString().slice(0, 10);
const blank = (value: unknown) => value === null || value === undefined || value === '';
const textOrNull = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** The message of a refusal in a language (a save's validation renders its own). */
function reasonOf(context: HookContext, error: AppError, locale: Parameters<HookContext['runtime']['t']>[0]) {
  return error.render ? error.render(locale).msg : context.runtime.t(locale, error.messageKey, error.params);
}

/** Rows of the generation a refusal names: the order or notice line it names, else the whole note. */
function rowsNamed(error: AppError, group: readonly Row[]): number[] {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const named = group.filter((row) => {
    if (params.number === undefined || params.line === undefined) return false;
    if (error.messageKey === 'delivery.asn.overNotice')
      return row.noticeNumber === params.number && Number(row.noticeLineNum) === Number(params.line);
    return row.poNumber === params.number && Number(row.poLineNum) === Number(params.line);
  });
  return (named.length ? named : group).map((row) => row.batchTempId as number);
}

export const asnBatchTempActions = legacyActions(asnBatchTemp, {
  async beforeSave(context, { row, previous }): Promise<RuleIssue[] | null> {
    // The line a row ships is chosen when it is added and never changes.
    if (
      previous &&
      (previous.poLineId !== row.poLineId || previous.deliveryNoticeLineId !== row.deliveryNoticeLineId)
    )
      return [{ field: 'poLineId', message: 'delivery.batch.lineFixed' }];
    const supplierId = row.supplierId as number;
    if (typeof row.deliveryNoticeLineId === 'number') {
      const notice = (await noticeLineFacts(context, [row.deliveryNoticeLineId], false)).get(
        row.deliveryNoticeLineId,
      );
      // Another supplier's notice line does not exist for this row.
      if (!notice || notice.supplierId !== supplierId) throw new AppError(404, 'delivery.batch.lineNotFound');
      if (typeof row.poLineId === 'number' && row.poLineId !== notice.poLineId)
        return [{ field: 'poLineId', message: 'delivery.batch.noticeOtherLine' }];
      row.poLineId = notice.poLineId;
      row.noticeNumber = notice.noticeNumber;
    } else {
      row.noticeNumber = null;
    }
    if (typeof row.poLineId !== 'number') return [{ field: 'poLineId', message: 'delivery.batch.needsLine' }];
    const order = (await orderLineFacts(context, [row.poLineId], false)).get(row.poLineId);
    if (!order || order.supplierId !== supplierId) throw new AppError(404, 'delivery.batch.lineNotFound');
    row.orgId = order.orgId;
    row.poHeaderId = order.poHeaderId;
    row.itemId = order.itemId;
    row.itemName = order.itemName;
    row.specification = order.specification;
    row.uomId = order.uomId;
    return null;
  },
  endpoints: {
    /**
     * 添加行: staging rows for open order lines (`{ poLineId }`) or confirmed notice lines
     * (`{ noticeLineId }`), each shipping what remains open less what is already staged for it.
     */
    addLines: {
      async handle(context, raw) {
        const supplierId = supplierOf(context);
        const body = bodyOf(raw);
        const wanted = body.lines;
        if (!Array.isArray(wanted) || !wanted.length || wanted.length > MAX_ROWS)
          throw new AppError(400, 'delivery.input.lines');
        const orders = new Map(
          (await openOrderLines(context, supplierId, null)).map((line) => [line.poLineId, line]),
        );
        const notices = new Map(
          (await openNoticeLines(context, supplierId, null)).map((line) => [line.noticeLineId, line]),
        );
        const staged = (await context.tx
          .select({
            poLineId: col(context, TEMP, 'poLineId'),
            noticeLineId: col(context, TEMP, 'deliveryNoticeLineId'),
            quantity: col(context, TEMP, 'shipQuantity'),
          })
          .from(context.runtime.table(TEMP))
          .where(eq(col(context, TEMP, 'supplierId'), supplierId))) as {
          poLineId: number | null;
          noticeLineId: number | null;
          quantity: string;
        }[];
        const stagedOn = (key: 'poLineId' | 'noticeLineId', id: number) =>
          staged
            .filter((row) => Number(row[key]) === id)
            .reduce((sum, row) => sum.add(dec(row.quantity)), dec(0));
        const shipTo = new Map<number, string | null>();
        const rows: Row[] = [];
        for (const [index, item] of wanted.entries()) {
          const given = bodyOf(item);
          const shipDate = typeof body.shipDate === 'string' ? body.shipDate : today(context);
          if (given.noticeLineId !== undefined) {
            const line = notices.get(idIn(given, 'noticeLineId'));
            if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
            const left = dec(line.openQuantity).sub(stagedOn('noticeLineId', line.noticeLineId));
            if (!left.gt(0)) throw new AppError(422, 'delivery.batch.alreadyStaged', { line: index + 1 });
            if (!shipTo.has(line.noticeHeaderId)) {
              const notice = await context.runtime
                .service('srmPurDeliveryNotice')
                .find(context.actor, line.noticeHeaderId);
              shipTo.set(
                line.noticeHeaderId,
                textOrNull(notice.shipToAddress ?? notice.deliveryAddress, 240),
              );
            }
            rows.push({
              poLineId: line.poLineId,
              deliveryNoticeLineId: line.noticeLineId,
              shipQuantity: left.toNumber(),
              shipDate,
              expectedArrivalDate: line.promisedDate ?? null,
              shipToAddress: shipTo.get(line.noticeHeaderId) ?? null,
            });
          } else {
            const line = orders.get(idIn(given, 'poLineId'));
            if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
            const left = dec(line.openQuantity).sub(stagedOn('poLineId', line.poLineId));
            if (!left.gt(0)) throw new AppError(422, 'delivery.batch.alreadyStaged', { line: index + 1 });
            rows.push({
              poLineId: line.poLineId,
              shipQuantity: left.toNumber(),
              shipDate,
              shipToAddress: textOrNull(line.shipToAddress, 240),
            });
          }
        }
        const service = context.runtime.service(TEMP);
        const written = await service.createMany(context.actor, rows);
        if (!('ids' in written)) throw service.validationError(written.issues, 422);
        return { data: { ids: written.ids } };
      },
    },
    /**
     * 生成送货单: the staging rows chosen (`{ ids }`, all the supplier's when absent) become draft
     * delivery notes, one per header the rows share, in one transaction; the rows used are deleted.
     */
    generateAsn: {
      async handle(context, raw) {
        const supplierId = supplierOf(context);
        const body = bodyOf(raw);
        let ids: number[] | null = null;
        if (body.ids !== undefined) {
          if (!Array.isArray(body.ids) || !body.ids.length || body.ids.length > MAX_ROWS)
            throw new AppError(400, 'delivery.input.lines');
          ids = [...new Set(body.ids.map((id: unknown) => idIn({ ids: id }, 'ids')))];
        }
        const table = context.runtime.table(TEMP);
        // The rows are locked for the generation: a second click waits and then finds them gone.
        const locked = (await context.tx
          .select({ id: col(context, TEMP, 'batchTempId') })
          .from(table)
          .where(
            and(
              eq(col(context, TEMP, 'supplierId'), supplierId),
              ids ? inArray(col(context, TEMP, 'batchTempId'), ids) : undefined,
            ),
          )
          .orderBy(col(context, TEMP, 'batchTempId'))
          .for('update')) as { id: number }[];
        // Another supplier's row does not exist; so is one already generated.
        if (ids && locked.length !== ids.length) throw new AppError(404, 'delivery.batch.rowNotFound');
        if (!locked.length) throw new AppError(422, 'delivery.batch.nothingStaged');
        const service = context.runtime.service(TEMP);
        const rows: Row[] = [];
        for (const { id } of locked) rows.push(await service.find(context.actor, Number(id)));
        const groups = new Map<string, Row[]>();
        for (const row of rows) {
          const key = JSON.stringify(
            NOTE_HEADER_FIELDS.map((field) => (blank(row[field]) ? null : row[field])),
          );
          groups.set(key, [...(groups.get(key) ?? []), row]);
        }
        const notes: Row[] = [];
        for (const group of groups.values()) {
          const first = group[0]!;
          try {
            const note = await context.runtime.service(ASN).save(context.actor, {
              shipDate: first.shipDate,
              expectedArrivalDate: first.expectedArrivalDate ?? null,
              shipToAddress: first.shipToAddress ?? null,
              carrierName: first.carrierName ?? null,
              trackingNumber: first.trackingNumber ?? null,
              lines: group.map((row, index) => ({
                lineNum: index + 1,
                poLineId: row.poLineId,
                deliveryNoticeLineId: row.deliveryNoticeLineId ?? null,
                shipQuantity: row.shipQuantity,
                packageQuantity: row.packageQuantity ?? null,
                lotNumber: row.lotNumber ?? null,
                remark: row.remark ?? null,
              })),
            });
            notes.push(note);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // Nothing is written: the endpoint's transaction rolls back the notes saved before.
            const named = rowsNamed(error, group);
            // The rows refused are the details (`rows.<id>`), for the screen to mark them.
            throw new AppError(error.httpStatus, 'delivery.batch.refused', undefined, undefined, (locale) => {
              const msg = context.runtime.t(locale, 'delivery.batch.refused', {
                reason: reasonOf(context, error, locale),
              });
              return { msg, details: named.map((id) => ({ path: `rows.${id}`, message: msg })) };
            });
          }
        }
        await context.tx.delete(table).where(
          inArray(
            col(context, TEMP, 'batchTempId'),
            locked.map(({ id }) => Number(id)),
          ),
        );
        return {
          data: {
            notes: notes.map((note) => ({
              asnHeaderId: note.asnHeaderId,
              asnNumber: note.asnNumber,
              orgName: note.orgName ?? null,
              shipDate: note.shipDate,
              shipToAddress: note.shipToAddress ?? null,
              lineCount: (note.lines as Row[] | undefined)?.length ?? 0,
            })),
          },
        };
      },
    },
  },
});
