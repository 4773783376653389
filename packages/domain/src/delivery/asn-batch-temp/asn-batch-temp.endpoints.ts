// Batch temporary (批量暂存) endpoints (ADR 0010): rows are added from the supplier's open order
// lines and confirmed notice lines (`addLines`), and turned into delivery notes (`generateAsn`):
// grouped by what a note's header holds, each group saved through the delivery note's own save —
// so the note's rules (own lines, open lines, never more than remains open on the order or notice
// line, under row locks) decide — all in one transaction, the rows used deleted with it. A refused
// row refuses the whole generation.
import {
  type Locale,
  type NewRowOf,
  type ReadRowOf,
  date,
  dec,
  ref,
  refs,
  ruleIssues,
  rows,
} from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { asn } from '../asn/asn.entity';
import { type FoundNote } from '../asn/asn.labels';
import { deliveryNotice } from '../delivery-notice/delivery-notice.entity';
import { MAX_LINES, openNoticeLines, openOrderLines, supplierOf, today } from '../support';
import { asnBatchTemp } from './asn-batch-temp.entity';
import { deriveStaged } from './asn-batch-temp.support';

type Staged = ReadRowOf<typeof asnBatchTemp>;

/** The header fields a delivery note holds: rows that agree on all of them share a note. */
const NOTE_HEADER_FIELDS = [
  'orgId',
  'shipDate',
  'expectedArrivalDate',
  'shipToAddress',
  'carrierName',
  'trackingNumber',
] as const;

const textOrNull = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** The message of a refusal in a language (a save's validation renders its own). */
function reasonOf(ctx: DataApi, error: AppError, locale: Locale): string {
  return error.render ? error.render(locale).msg : ctx.runtime.t(locale, error.messageKey, error.params);
}

/** Rows of the generation a refusal names: the order or notice line it names, else the whole note. */
function rowsNamed(error: AppError, group: readonly Staged[]): number[] {
  const params = error.params ?? {};
  const named = group.filter((row) => {
    if (params.number === undefined || params.line === undefined) return false;
    if (error.messageKey === 'delivery.asn.overNotice')
      return row.noticeNumber === String(params.number) && Number(row.noticeLineNum) === Number(params.line);
    return String(row.poNumber) === String(params.number) && Number(row.poLineNum) === Number(params.line);
  });
  return (named.length ? named : group).map((row) => row.batchTempId);
}

/** The order line a row ships (every stored row has one: its save refuses a row without). */
function lineOf(row: Staged): number {
  if (row.poLineId === null) throw new AppError(422, 'delivery.batch.needsLine');
  return row.poLineId;
}

/** The refusal of a group, naming the rows refused in its details (`rows.<id>`), for the screen to mark. */
function refusal(ctx: DataApi, error: AppError, group: readonly Staged[]): AppError {
  const named = rowsNamed(error, group);
  return new AppError(error.httpStatus, 'delivery.batch.refused', undefined, undefined, (locale) => {
    const msg = ctx.runtime.t(locale, 'delivery.batch.refused', { reason: reasonOf(ctx, error, locale) });
    return { msg, details: named.map((id) => ({ path: `rows.${id}`, message: msg })) };
  });
}

export const asnBatchTempEndpoints = defineEndpoints(asnBatchTemp, {
  /**
   * 添加行: staging rows for open order lines (`{ poLineId }`) or confirmed notice lines
   * (`{ noticeLineId }`), each shipping what remains open less what is already staged for it.
   */
  addLines: endpoint({
    summary: 'Stage open order lines or confirmed notice lines for delivery notes',
    input: {
      shipDate: date(),
      lines: rows(
        {
          poLineId: ref('srmPoLine'),
          noticeLineId: ref('srmPurDeliveryNoticeLine'),
        },
        { required: true, max: MAX_LINES },
      ),
    },
    scope: asnBatchTemp,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const supplierId = supplierOf(ctx);
      const orders = new Map(
        (await openOrderLines(ctx, supplierId, null)).map((line) => [line.poLineId, line]),
      );
      const notices = new Map(
        (await openNoticeLines(ctx, supplierId, null)).map((line) => [line.noticeLineId, line]),
      );
      const staged = await ctx.list(asnBatchTemp, { supplierId });
      const stagedOn = (pick: (row: Staged) => number | null, id: number) =>
        staged.filter((row) => pick(row) === id).reduce((sum, row) => sum.add(dec(row.shipQuantity)), dec(0));
      const shipTo = new Map<number, string | null>();
      const shipDate = input.shipDate ?? today(ctx);
      const rowsToAdd: NewRowOf<typeof asnBatchTemp>[] = [];
      for (const [index, given] of input.lines.entries()) {
        if (typeof given.noticeLineId === 'number') {
          const line = notices.get(given.noticeLineId);
          if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
          const left = dec(line.openQuantity).sub(
            stagedOn((row) => row.deliveryNoticeLineId, line.noticeLineId),
          );
          if (!left.gt(0)) throw new AppError(422, 'delivery.batch.alreadyStaged', { line: index + 1 });
          if (!shipTo.has(line.noticeHeaderId)) {
            const [notice] = await ctx.list(
              deliveryNotice,
              { noticeHeaderId: line.noticeHeaderId },
              { limit: 1 },
            );
            shipTo.set(
              line.noticeHeaderId,
              textOrNull(notice?.shipToAddress ?? notice?.deliveryAddress, 240),
            );
          }
          rowsToAdd.push({
            poLineId: line.poLineId,
            deliveryNoticeLineId: line.noticeLineId,
            shipQuantity: left.toNumber(),
            shipDate,
            expectedArrivalDate: line.promisedDate,
            shipToAddress: shipTo.get(line.noticeHeaderId) ?? null,
          });
        } else if (typeof given.poLineId === 'number') {
          const line = orders.get(given.poLineId);
          if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
          const left = dec(line.openQuantity).sub(stagedOn((row) => row.poLineId, line.poLineId));
          if (!left.gt(0)) throw new AppError(422, 'delivery.batch.alreadyStaged', { line: index + 1 });
          rowsToAdd.push({
            poLineId: line.poLineId,
            shipQuantity: left.toNumber(),
            shipDate,
            shipToAddress: textOrNull(line.shipToAddress, 240),
          });
        } else {
          throw new AppError(400, 'delivery.input.id', { name: 'poLineId' });
        }
      }
      // The rows are written in one insert: what a save of each would derive and check first.
      const issues = await deriveStaged(ctx, supplierId, rowsToAdd);
      const refused = [
        ...issues.map((issue) => ({ path: issue.field ? [issue.field] : [], message: issue.message })),
        ...rowsToAdd.flatMap((row, index) =>
          ruleIssues(asnBatchTemp, row, {}).map((issue) => ({ ...issue, path: [index, ...issue.path] })),
        ),
      ];
      if (refused.length) throw ctx.runtime.service(asnBatchTemp.name).validationError(refused, 422);
      return { data: { ids: await ctx.insert(asnBatchTemp, rowsToAdd) } };
    },
  }),
  /**
   * 生成送货单: the staging rows chosen (`{ ids }`, all the supplier's when absent) become draft
   * delivery notes, one per header the rows share, in one transaction; the rows used are deleted.
   */
  generateAsn: endpoint({
    summary: 'Turn staging rows into draft delivery notes, one per shared header (all or none)',
    input: { ids: refs('srmPurAsnBatchTemp', { max: MAX_LINES }) },
    scope: asnBatchTemp,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const supplierId = supplierOf(ctx);
      if (input.ids && !input.ids.length) throw new AppError(400, 'delivery.input.lines');
      // The rows are locked for the generation: a second click waits, then finds them gone.
      const chosen =
        input.ids ?? (await ctx.list(asnBatchTemp, { supplierId })).map((row) => row.batchTempId);
      if (!chosen.length) throw new AppError(422, 'delivery.batch.nothingStaged');
      await ctx.lock(asnBatchTemp, chosen).catch((error: unknown) => {
        // A row generated or deleted meanwhile (a second click): say so rather than "no record".
        if (error instanceof AppError && error.httpStatus === 404)
          throw new AppError(404, 'delivery.batch.rowNotFound');
        throw error;
      });
      const groups = new Map<string, Staged[]>();
      for (const row of await ctx.list(asnBatchTemp, { batchTempId: chosen })) {
        const key = JSON.stringify(NOTE_HEADER_FIELDS.map((field) => row[field] || null));
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const notes: FoundNote[] = [];
      for (const group of groups.values()) {
        const first = group[0]!;
        try {
          notes.push(
            await ctx.save(asn, {
              shipDate: first.shipDate,
              expectedArrivalDate: first.expectedArrivalDate,
              shipToAddress: first.shipToAddress,
              carrierName: first.carrierName,
              trackingNumber: first.trackingNumber,
              lines: group.map((row, index) => ({
                lineNum: index + 1,
                poLineId: lineOf(row),
                deliveryNoticeLineId: row.deliveryNoticeLineId,
                shipQuantity: row.shipQuantity,
                packageQuantity: row.packageQuantity,
                lotNumber: row.lotNumber,
                remark: row.remark,
              })),
            }),
          );
        } catch (error) {
          // Nothing is written: the endpoint's transaction rolls back the notes saved before.
          if (error instanceof AppError) throw refusal(ctx, error, group);
          throw error;
        }
      }
      await ctx.remove(asnBatchTemp, chosen);
      return {
        data: {
          notes: notes.map((note) => ({
            asnHeaderId: note.asnHeaderId,
            asnNumber: note.asnNumber,
            orgName: note.orgName ?? null,
            shipDate: note.shipDate,
            shipToAddress: note.shipToAddress,
            lineCount: note.lines.length,
          })),
        },
      };
    },
  }),
});
