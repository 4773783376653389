// The ledger's own endpoint: 往来余额 — per supplier account (organisation and currency) what was
// posted to payable on each side and what the buyer owes now. Within the caller's scope: a
// supplier's users read their own accounts only.
import { and, eq, sql } from 'drizzle-orm';
import { dec, ref } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { ledger } from './ledger.entity';

export const ledgerEndpoints = defineEndpoints(ledger, {
  balance: endpoint({
    summary: 'Payable balance per supplier account: debits, credits and what is owed now',
    input: {
      supplierId: ref('srmSupplierInfo'),
      orgId: ref('srmBaseOrg'),
      currencyId: ref('srmBaseCurrency'),
    },
    scope: ledger,
    resource: 'read',
    sides: ['internal', 'supplier'],
    async handle(ctx, input) {
      const table = ctx.runtime.table(ledger.name);
      const rows = await ctx.tx
        .select({
          supplierId: table.supplierId,
          orgId: table.orgId,
          currencyId: table.currencyId,
          debit: sql<string>`sum(${table.debitAmount})`,
          credit: sql<string>`sum(${table.creditAmount})`,
        })
        .from(table)
        .where(
          and(
            eq(table.accountCode, 'AP'),
            input.supplierId ? eq(table.supplierId, input.supplierId) : undefined,
            input.orgId ? eq(table.orgId, input.orgId) : undefined,
            input.currencyId ? eq(table.currencyId, input.currencyId) : undefined,
            ctx.scope(ledger),
          ),
        )
        .groupBy(table.supplierId, table.orgId, table.currencyId)
        .orderBy(table.supplierId, table.orgId, table.currencyId);
      return {
        data: rows.map((row) => ({
          supplierId: Number(row.supplierId),
          orgId: Number(row.orgId),
          currencyId: Number(row.currencyId),
          debitAmount: dec(row.debit).toNumber(),
          creditAmount: dec(row.credit).toNumber(),
          balance: dec(row.credit).sub(dec(row.debit)).toNumber(),
        })),
      };
    },
  }),
});
