// What every sourcing award checks and works out, whatever it awards (an inquiry's opened quotes,
// an auction's final bids): per material the shares add up to 100 percent, or to nothing with the
// reason nobody is awarded; a supplier other than the lowest gets a share only with a reason, and
// so does a price above the reserve; an expired offer gets none. Quantities and amounts follow the
// shares; each supplier's result (all, part, nothing) follows from its lines.
import {
  type Rule,
  type RuleIssue,
  add,
  amount,
  approvalWorkflow,
  checkbox,
  date,
  dec,
  mul,
  textarea,
} from '@srm/kernel';

/** The terms every award carries: how long the prices hold, what the hand-off makes, its note. */
export const awardTerms = () => ({
  /** The prices hold from and to (supplier price list and agreement). */
  validFrom: date({ required: true }),
  validTo: date({ required: true }),
  /** Make a draft agreement per awarded supplier. */
  agreementFlag: checkbox({ default: 'Y' }),
  /** Add the awarded suppliers to the approved supplier list. */
  aslFlag: checkbox({ default: 'Y' }),
  totalAmount: amount({ readonly: true }),
  awardNote: textarea({ max: 2000 }),
  /** What the approval created (numbers), for the buyer to follow. */
  handOffNote: textarea({ max: 2000, readonly: true }),
});

/** The prices of an award cannot end before they start (`messages`: the award entity's name). */
export const awardDateRule =
  (messages: string): Rule =>
  (row) =>
    row.validFrom && row.validTo && String(row.validFrom) > String(row.validTo)
      ? { field: 'validTo', message: `${messages}.dateRange` }
      : null;

/** A draft or rejected award is cancelled with a reason. */
export const awardCancel = {
  from: ['DRAFT', 'REJECTED'],
  to: 'CANCELLED',
  needs: ['comment'],
  danger: true,
} as const;

/** An award's approval: drafted, approved by its process, or cancelled with a reason. */
export const awardWorkflow = (processKey: string) =>
  approvalWorkflow(processKey, {
    statusLookup: 'SRC_AWARD_STATUS',
    states: ['CANCELLED'],
    actions: { doCancel: awardCancel },
  });

/** One award row: a supplier's offer for one material, and the share it gets. */
export interface ShareLine {
  itemLineNum: number | null;
  itemName?: string | number | null;
  supplierId: number | null;
  supplierName?: string | number | null;
  quantity: number | null;
  unitPrice: number | null;
  validToDate?: string | null;
  lowestFlag: 'Y' | 'N' | null;
  /** The price lies above the material's reserve price (auctions). */
  overReserveFlag?: 'Y' | 'N' | null;
  awardPercent: number | null;
  awardQuantity?: number | null;
  lineAmount?: number | null;
  reason: string | null;
}

/**
 * The first problem of the shares, material by material; `messages` is the award entity's name,
 * under which its texts (noAwardWhy, sharesNot100, noSupplier, quoteExpired, notLowestWhy,
 * overReserveWhy) are found.
 */
export function sharesIssue(lines: readonly ShareLine[], today: string, messages: string): RuleIssue | null {
  const byItem = new Map<number, ShareLine[]>();
  for (const line of lines) {
    const list = byItem.get(line.itemLineNum ?? 0) ?? [];
    list.push(line);
    byItem.set(line.itemLineNum ?? 0, list);
  }
  for (const rows of byItem.values()) {
    const at = { line: rows[0]!.itemLineNum ?? 0, item: String(rows[0]!.itemName ?? '') };
    const issue = (key: string, params: Record<string, string | number> = at): RuleIssue => ({
      field: 'lines',
      message: `${messages}.${key}`,
      params,
    });
    const total = rows.reduce((sum, row) => add(sum, dec(row.awardPercent ?? 0)), dec(0));
    if (total.isZero()) {
      if (!rows.some((row) => row.reason)) return issue('noAwardWhy');
      continue;
    }
    if (!total.equals(100)) return issue('sharesNot100', { ...at, total: total.toString() });
    for (const row of rows) {
      if (!(row.awardPercent ?? 0)) continue;
      if (row.supplierId === null) return issue('noSupplier');
      if (row.validToDate && row.validToDate < today)
        return issue('quoteExpired', { ...at, supplier: String(row.supplierName ?? '') });
      if (row.lowestFlag !== 'Y' && !row.reason) return issue('notLowestWhy');
      if (row.overReserveFlag === 'Y' && !row.reason) return issue('overReserveWhy');
    }
  }
  return null;
}

/** Sets each line's awarded quantity and amount from its share; the award's total. */
export function shareAmounts(lines: ShareLine[]): number {
  let total = dec(0);
  for (const line of lines) {
    const share = dec(line.awardPercent ?? 0);
    const quantity = mul(dec(line.quantity ?? 0), share.div(100)).toDecimalPlaces(4);
    line.awardQuantity = quantity.toNumber();
    line.lineAmount =
      typeof line.unitPrice === 'number'
        ? mul(dec(line.unitPrice), quantity).toDecimalPlaces(2).toNumber()
        : 0;
    total = add(total, dec(line.lineAmount));
  }
  return total.toDecimalPlaces(2).toNumber();
}

export type AwardResult = 'AWARDED' | 'PARTIAL' | 'NOT_AWARDED';

/** A supplier's result: every material in full, some of it, or nothing. */
export function resultOf(lines: readonly ShareLine[], supplierId: number): AwardResult {
  const won = lines.filter((line) => line.supplierId === supplierId && (line.awardPercent ?? 0) > 0);
  if (!won.length) return 'NOT_AWARDED';
  const materials = new Set(lines.map((line) => line.itemLineNum));
  return won.length === materials.size && won.every((line) => line.awardPercent === 100)
    ? 'AWARDED'
    : 'PARTIAL';
}
