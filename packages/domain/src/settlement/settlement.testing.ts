// Test helpers shared by settlement's object tests, over the procurement fixture
// (procurement.testing.ts): goods of supplier A received on a day, statements of a day, a
// statement confirmed by the supplier.
import { expect } from 'vitest';
import { decideAll } from '@srm/platform';
import type { useProcurement } from '../procurement.testing';

export type Row = Record<string, unknown> & { lines?: Row[] };
type Fixture = Pick<
  ReturnType<typeof useProcurement>,
  'ids' | 'ok' | 'releasedOrder' | 'suppliers' | 'server'
>;

export const STATEMENT = 'srmStlAccountHeader';

export function settlementHelpers({ ids, ok, releasedOrder, suppliers, server }: Fixture) {
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

  /** A document submitted and approved by every approver of its process. */
  async function approved(entity: string, key: string, id: unknown): Promise<void> {
    await ok(entity, 'doSubmit', { [key]: id });
    await decideAll(server().runtime, entity, Number(id), 'approve');
    expect((await ok(entity, 'findById', { [key]: id })).status).toBe('APPROVED');
  }

  /**
   * Supplier A's invoice of a statement confirmed on `day` (77.41 with tax), matched; `before`
   * sees the statement before the invoice is made of it.
   */
  async function matchedInvoice(
    day: string,
    number: string,
    before?: (statement: Row) => Promise<void>,
  ): Promise<Row> {
    const statement = await confirmedStatement(day);
    await before?.(statement);
    const draft = await ok(
      'srmStlInvoiceHeader',
      'createFromStatement',
      {
        accountHeaderId: statement.accountHeaderId,
        invoiceType: 'DIGITAL',
        invoiceNumber: number,
        invoiceDate: day,
      },
      suppliers.a,
    );
    await ok('srmStlInvoiceHeader', 'doSubmit', { invoiceId: draft.invoiceId }, suppliers.a);
    return ok('srmStlInvoiceHeader', 'findById', { invoiceId: draft.invoiceId });
  }

  return { received, post, period, generate, confirmedStatement, approved, matchedInvoice };
}
