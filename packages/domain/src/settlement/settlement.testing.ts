// Test helpers shared by settlement's object tests, over the procurement fixture
// (procurement.testing.ts): goods of supplier A received on a day, statements of a day, a
// statement confirmed by the supplier.
import type { useProcurement } from '../procurement.testing';

export type Row = Record<string, unknown> & { lines?: Row[] };
type Fixture = Pick<ReturnType<typeof useProcurement>, 'ids' | 'ok' | 'releasedOrder' | 'suppliers'>;

export const STATEMENT = 'srmStlAccountHeader';

export function settlementHelpers({ ids, ok, releasedOrder, suppliers }: Fixture) {
  /** A delivery of 20 screws (0.30) and 10 brackets (6.25) of a new order to supplier A, received on `day`. */
  async function received(day: string): Promise<Row> {
    const order = await releasedOrder();
    const [screws, brackets] = order.lines!;
    const note = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      {
        shipDate: day,
        lines: [
          { poLineId: screws!.poLineId, shipQuantity: 20 },
          { poLineId: brackets!.poLineId, shipQuantity: 10 },
        ],
      },
      suppliers.a,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, suppliers.a);
    return ok('srmPurReceiveHeader', 'receiveAsn', {
      asnHeaderId: note.asnHeaderId,
      storageLocationId: ids.store,
      receiveDate: day,
    });
  }

  /** A receipt document saved and posted. */
  async function post(body: Row): Promise<Row> {
    const saved = await ok('srmPurReceiveHeader', 'saveOrUpdate', body);
    await ok('srmPurReceiveHeader', 'doPost', { receiveHeaderId: saved.receiveHeaderId });
    return saved;
  }

  /** A generation of supplier A's statement of one day. */
  const period = (day: string) => ({
    supplierId: ids.supA,
    orgId: ids.orgA,
    currencyId: ids.currency,
    periodStartDate: day,
    periodEndDate: day,
  });

  async function generate(day: string): Promise<Row> {
    const [made] = await ok<Row[]>(STATEMENT, 'generate', period(day));
    return ok(STATEMENT, 'findById', { accountHeaderId: made!.accountHeaderId });
  }

  /** Goods received on `day`, their statement generated, sent and confirmed by supplier A. */
  async function confirmedStatement(day: string): Promise<Row> {
    await received(day);
    const draft = await generate(day);
    const key = { accountHeaderId: draft.accountHeaderId };
    await ok(STATEMENT, 'doSend', key);
    await ok(STATEMENT, 'doSupplierConfirm', key, suppliers.a);
    return ok(STATEMENT, 'findById', key, suppliers.a);
  }

  return { received, post, period, generate, confirmedStatement };
}
