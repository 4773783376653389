// Test helpers shared by delivery's object tests (over the procurement fixture,
// procurement.testing.ts): a delivery note's save body.
type Row = Record<string, unknown>;

/** The body of a delivery note shipping these order lines (numbered in order). */
export function asnBody(lines: { poLineId: unknown; shipQuantity: number }[], extra: Row = {}): Row {
  return {
    shipDate: '2026-12-01',
    expectedArrivalDate: '2026-12-03',
    carrierName: '顺丰速运',
    lines: lines.map((line, index) => ({ lineNum: index + 1, ...line })),
    ...extra,
  };
}
