// Supplier quit on the server. Saving: the effective date is today or later; a whole-supplier quit
// names no lines, a quit of lines names at least one, each a library line of the supplier that has
// not quit. Submitting: open orders refuse it, naming them. Approval: the quit takes effect at
// once when its date has come; otherwise SUPPLIER_QUIT_EFFECT does it on the day. Taking effect:
// the lines become QUIT (history source SUPPLIER_QUIT, the quit's number), and for the whole
// supplier its status too (the master's doQuit); the supplier is told, with the public reason.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, type Executable, defineActions } from '@srm/platform';
import { setLineStatus } from '../supplier-category-org/line-status';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { type QuitLines, openWorkOf, quitLineIds } from './open-work';
import { closeSettledPortals, portalAfterQuit } from './quit-portal';
import { supplierQuit, supplierQuitLine } from './supplier-quit.entity';

const platform = (ctx: DataApi) => ctx.system('a quit reads and changes the supplier’s library');

/** How many open documents a refusal names before "…". */
const NAMED = 5;

async function linesOf(ctx: DataApi, quitId: number, scope: string): Promise<QuitLines> {
  if (scope === 'WHOLE') return null;
  return (await platform(ctx).lines(supplierQuitLine, quitId)).map((line) => ({
    categoryId: line.categoryId,
    orgId: line.orgId,
  }));
}

/** The quit takes effect: its lines (or the whole supplier) leave, and the supplier is told. */
async function takeEffect(
  ctx: DataApi,
  quit: {
    quitId: number;
    quitNum: string | null;
    supplierId: number;
    quitScope: string;
    publicReason: string;
  },
) {
  const lines = await linesOf(ctx, quit.quitId, quit.quitScope);
  if (lines === null) {
    const [supplier] = await platform(ctx).list(supplierInfo, { supplierId: quit.supplierId }, { limit: 1 });
    if (supplier && supplier.status !== 'QUIT')
      await platform(ctx).act(supplierInfo, 'doQuit', [quit.supplierId], {
        comment: `${quit.quitNum ?? ''} ${quit.publicReason}`.trim(),
      });
    // The portal stays open for the settlement only, or closes when nothing is left to settle.
    await portalAfterQuit(ctx, quit.supplierId);
  } else {
    await setLineStatus(ctx, await quitLineIds(ctx, quit.supplierId, lines), 'QUIT', {
      source: 'SUPPLIER_QUIT',
      documentRef: quit.quitNum,
      reason: quit.publicReason,
    });
  }
  await platform(ctx).patch(supplierQuit, quit.quitId, { effectedAt: ctx.now.getTime() });
  await ctx.services.siteMessages?.notify({
    supplierId: quit.supplierId,
    titleKey: 'srmSupplierQuit.message.effectiveTitle',
    contentKey: 'srmSupplierQuit.message.effectiveContent',
    params: { number: quit.quitNum ?? '', reason: quit.publicReason },
    link: { entityName: supplierQuit.name, documentId: quit.quitId },
    source: 'SUPPLIER_QUIT_EFFECTIVE',
    email: true,
    eventId: `${quit.quitId}-effective`,
  });
}

export const supplierQuitActions = defineActions(supplierQuit, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row } = ctx;
    const today = dayIn(ctx.now, ctx.runtime.timeZone);
    if (row.effectiveDate < today)
      return { field: 'effectiveDate', message: 'srmSupplierQuit.effectiveInPast' };
    const lines = ctx.newLines.lines;
    if (row.quitScope === 'WHOLE' && lines.length)
      return { field: 'lines', message: 'srmSupplierQuit.wholeWithLines' };
    if (row.quitScope === 'LINES' && !lines.length)
      return { field: 'lines', message: 'srmSupplierQuit.linesRequired' };
    if (lines.length) {
      const library = await platform(ctx).list(supplierCategoryOrg, { supplierId: row.supplierId });
      const index = lines.findIndex(
        (line) =>
          !library.some(
            (l) => l.categoryId === line.categoryId && l.orgId === line.orgId && l.status !== 'QUIT',
          ),
      );
      if (index >= 0)
        return {
          field: 'lines',
          message: 'srmSupplierQuit.notInLibrary',
          params: { line: String(index + 1) },
        };
    }
    return null;
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const lines = await linesOf(ctx, previous.quitId, previous.quitScope);
      const blocking = (await openWorkOf(ctx, previous.supplierId, lines)).filter((doc) => doc.blocks);
      if (!blocking.length) return null;
      const named = blocking.slice(0, NAMED).map((doc) => doc.number);
      return {
        message: 'srmSupplierQuit.openOrders',
        params: {
          count: String(blocking.length),
          numbers: named.join('、') + (blocking.length > NAMED ? '…' : ''),
        },
      };
    },
  },
  actions: {
    async doApproval(ctx) {
      if (ctx.row.effectiveDate <= dayIn(ctx.now, ctx.runtime.timeZone))
        await platform(ctx).act(supplierQuit, 'doEffect', [ctx.row.quitId]);
    },
    async doEffect(ctx) {
      await takeEffect(ctx, ctx.row);
    },
  },
});

/**
 * SUPPLIER_QUIT_EFFECT (a concurrent program, daily): approved quits whose date has come take
 * effect, and the portals of quit suppliers whose settlement is done close.
 */
export const effectQuits: Executable = async (context) => {
  const done = await context.work(async (data) => {
    const today = dayIn(data.now, data.runtime.timeZone);
    const due = (
      await data
        .system('the quit program reads every approved quit')
        .list(supplierQuit, { status: 'APPROVED' })
    ).filter((quit) => quit.effectiveDate <= today);
    if (due.length)
      await data.act(
        supplierQuit,
        'doEffect',
        due.map((quit) => quit.quitId),
      );
    return due.length;
  });
  context.log(`${done} quits took effect`);
  const closed = await context.work((data) => closeSettledPortals(data));
  if (closed) context.log(`${closed} portals closed: their settlement is done`);
  return closed ? `${done} took effect, ${closed} portals closed` : `${done} took effect`;
};
