// Statements' own endpoint: 生成对账单 — the statements of an organisation, currency and period,
// for one supplier or for every supplier with something to settle.
import { date, ref } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { statement } from './statement.entity';
import { generateStatements } from './statement.generate';

/** The longest period one generation covers. */
const MAX_PERIOD_DAYS = 366;

export const statementEndpoints = defineEndpoints(statement, {
  generate: endpoint({
    summary: 'Generate statements of unsettled, not excluded receipts, returns and reversals for a period',
    input: {
      // Every supplier with lines to settle when absent.
      supplierId: ref('srmSupplierInfo'),
      orgId: ref('srmBaseOrg', { required: true }),
      currencyId: ref('srmBaseCurrency', { required: true }),
      periodStartDate: date({ required: true }),
      periodEndDate: date({ required: true }),
    },
    scope: statement,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const days = (Date.parse(input.periodEndDate) - Date.parse(input.periodStartDate)) / 86_400_000;
      if (!(days >= 0)) throw new AppError(400, 'settlement.generate.period');
      if (days >= MAX_PERIOD_DAYS)
        throw new AppError(400, 'settlement.generate.tooLong', { days: MAX_PERIOD_DAYS });
      const made = await generateStatements(ctx, { ...input, supplierId: input.supplierId ?? null });
      if (!made.length) throw new AppError(422, 'settlement.generate.nothing');
      return { data: await ctx.list(statement, { accountHeaderId: made }) };
    },
  }),
});
