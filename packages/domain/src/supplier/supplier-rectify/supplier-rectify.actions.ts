// Rectification tasks on the server. Issuing tells the supplier; its answer needs the root cause,
// the corrective actions and the day they were completed; closing and returning keep the buyer's
// comment on the task and tell the supplier. `openRectify` is how another document (a locale
// inspection passed with conditions) opens one on the platform's authority.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierRectify } from './supplier-rectify.entity';

const platform = (ctx: DataApi) => ctx.system('a rectification task is opened and answered');

const today = (ctx: DataApi & { runtime: { timeZone: string } }) => dayIn(ctx.now, ctx.runtime.timeZone);

async function tell(
  ctx: DataApi,
  row: {
    rectifyId: number;
    rectifyNum: string | null;
    supplierId: number;
    dueDate: string;
    versionNum: number;
  },
  what: 'issued' | 'closed' | 'returned',
  comment = '',
) {
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: `srmSupplierRectify.message.${what}Title`,
    contentKey: `srmSupplierRectify.message.${what}Content`,
    params: { number: row.rectifyNum ?? '', date: row.dueDate, comment },
    link: { entityName: supplierRectify.name, documentId: row.rectifyId },
    source: `SUPPLIER_RECTIFY_${what.toUpperCase()}`,
    email: true,
    eventId: `${row.rectifyId}-${what}-${row.versionNum}`,
  });
}

/** Opens and issues a task from another document (the platform's). */
export async function openRectify(
  ctx: DataApi,
  task: {
    supplierId: number;
    categoryId: number | null;
    orgId: number | null;
    sourceType: 'INSPECTION';
    sourceRef: string | null;
    requirement: string;
    dueDate: string;
  },
): Promise<void> {
  const saved = await platform(ctx).save(supplierRectify, {
    supplierId: task.supplierId,
    categoryId: task.categoryId,
    orgId: task.orgId,
    requirement: task.requirement,
    dueDate: task.dueDate,
  });
  await platform(ctx).patch(supplierRectify, saved.rectifyId, {
    sourceType: task.sourceType,
    sourceRef: task.sourceRef,
  });
  await platform(ctx).act(supplierRectify, 'doIssue', [saved.rectifyId]);
}

export const supplierRectifyActions = defineActions(supplierRectify, {
  guards: {
    doRespond(ctx): RuleIssue | null {
      const { previous } = ctx;
      if (!previous.rootCause?.trim())
        return { field: 'rootCause', message: 'srmSupplierRectify.answerRequired' };
      if (!previous.correctiveAction?.trim())
        return { field: 'correctiveAction', message: 'srmSupplierRectify.answerRequired' };
      if (!previous.completedDate)
        return { field: 'completedDate', message: 'srmSupplierRectify.answerRequired' };
      return null;
    },
  },
  actions: {
    async doIssue(ctx) {
      await tell(ctx, ctx.row, 'issued');
    },
    async doRespond(ctx) {
      await platform(ctx).patch(supplierRectify, ctx.row.rectifyId, { respondedDate: today(ctx) });
    },
    async doClose(ctx) {
      const comment = ctx.input.comment ?? null;
      await platform(ctx).patch(supplierRectify, ctx.row.rectifyId, {
        verifyComment: comment,
        closedDate: today(ctx),
      });
      await tell(ctx, ctx.row, 'closed', comment ?? '');
    },
    async doReturn(ctx) {
      const comment = ctx.input.comment ?? null;
      await platform(ctx).patch(supplierRectify, ctx.row.rectifyId, {
        verifyComment: comment,
        respondedDate: null,
      });
      await tell(ctx, ctx.row, 'returned', comment ?? '');
    },
  },
});
