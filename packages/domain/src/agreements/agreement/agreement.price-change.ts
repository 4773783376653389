// The agreement price-change check (catalogue §7.2, §9: five percent): a line's price is compared
// with the last price agreed with the same supplier for the same material, operating unit and
// currency (the line of the approved agreement with the latest start date). A difference of more
// than five percent either way is flagged; exactly five percent is not. The history is read
// within the caller's scope: a supplier's own approved agreements, an internal user's agreements
// of the organisations it holds permits for — never another party's prices.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Decimal, dec, round } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { agreement } from './agreement.entity';

/** Percent (catalogue §9). */
export const PRICE_CHANGE_THRESHOLD = 5;

export interface PriceChange {
  readonly itemId: number;
  readonly unitPrice: number;
  readonly lastPrice: number | null;
  readonly lastAgreementNumber: string | null;
  /** Rounded to two places; null without a last price (or when it was zero). */
  readonly changePercent: number | null;
  readonly exceeds: boolean;
}

export interface PriceContext {
  readonly supplierId: number;
  readonly orgId: number;
  readonly currencyId: number;
  /** The agreement being checked, left out of the history. */
  readonly agreementId?: number | null;
}

export async function lastAgreedPrice(
  ctx: DataApi,
  on: PriceContext,
  itemId: number,
): Promise<{ price: Decimal; agreementNumber: string } | null> {
  // The latest line of a join the data API does not express; the caller's scope on agreements
  // (the table unaliased, as the scope condition names it) keeps other parties' prices out.
  const rows = await queryRows<{ unit_price: string; agreement_number: string }>(
    ctx.tx,
    sql`select l.unit_price, srm_pur_agreement.agreement_number
        from srm_pur_agreement_line l
        join srm_pur_agreement on srm_pur_agreement.agreement_id = l.agreement_id
        where srm_pur_agreement.status = 'APPROVED' and srm_pur_agreement.supplier_id = ${on.supplierId}
          and srm_pur_agreement.org_id = ${on.orgId} and srm_pur_agreement.currency_id = ${on.currencyId}
          and l.item_id = ${itemId} and srm_pur_agreement.agreement_id <> ${on.agreementId ?? 0}
          and ${ctx.scope(agreement)}
        order by srm_pur_agreement.start_date desc, srm_pur_agreement.agreement_id desc,
                 l.agreement_line_id desc
        limit 1`,
  );
  const row = rows[0];
  return row ? { price: dec(row.unit_price), agreementNumber: row.agreement_number } : null;
}

/** The change of one price against the last agreed one. */
export async function priceChange(
  ctx: DataApi,
  on: PriceContext,
  itemId: number,
  unitPrice: number,
): Promise<PriceChange> {
  const last = await lastAgreedPrice(ctx, on, itemId);
  const next = dec(unitPrice);
  if (!last) {
    return {
      itemId,
      unitPrice: Number(next),
      lastPrice: null,
      lastAgreementNumber: null,
      changePercent: null,
      exceeds: false,
    };
  }
  let exact: Decimal | null = null;
  let exceeds: boolean;
  if (last.price.isZero()) {
    exceeds = !next.isZero();
  } else {
    exact = next.minus(last.price).div(last.price).times(100);
    exceeds = exact.abs().greaterThan(PRICE_CHANGE_THRESHOLD);
  }
  return {
    itemId,
    unitPrice: Number(next),
    lastPrice: Number(last.price),
    lastAgreementNumber: last.agreementNumber,
    changePercent: exact === null ? null : round(exact, 2),
    exceeds,
  };
}
