// The agreement price-change check (catalogue §7.2, §9: five percent): a line's price is compared
// with the last price agreed with the same supplier for the same material, operating unit and
// currency (the line of the approved agreement with the latest start date). A difference of more
// than five percent either way is flagged; exactly five percent is not.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Decimal, dec, round } from '@srm/kernel';
import type { HookContext } from '@srm/platform';

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
  context: HookContext,
  on: PriceContext,
  itemId: number,
): Promise<{ price: Decimal; agreementNumber: string } | null> {
  const rows = await queryRows<{ unit_price: string; agreement_number: string }>(
    context.tx,
    sql`select l.unit_price, a.agreement_number
        from srm_pur_agreement_line l join srm_pur_agreement a on a.agreement_id = l.agreement_id
        where a.status = 'APPROVED' and a.supplier_id = ${on.supplierId} and a.org_id = ${on.orgId}
          and a.currency_id = ${on.currencyId} and l.item_id = ${itemId}
          and a.agreement_id <> ${on.agreementId ?? 0}
        order by a.start_date desc, a.agreement_id desc, l.agreement_line_id desc
        limit 1`,
  );
  const row = rows[0];
  return row ? { price: dec(row.unit_price), agreementNumber: row.agreement_number } : null;
}

/** The change of one price against the last agreed one. */
export async function priceChange(
  context: HookContext,
  on: PriceContext,
  itemId: number,
  unitPrice: number | string,
): Promise<PriceChange> {
  const last = await lastAgreedPrice(context, on, itemId);
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
