// Test helpers shared by receiving's object tests, over the procurement fixture
// (procurement.testing.ts): a submitted delivery note, a posted receipt, the quantities received.
import type { useProcurement } from '../procurement.testing';

type Row = Record<string, unknown> & { lines?: Row[] };
type Fixture = Pick<ReturnType<typeof useProcurement>, 'ok' | 'releasedOrder' | 'suppliers'>;

export function receivingHelpers({ ok, releasedOrder, suppliers }: Fixture) {
  const supA = suppliers.a;
  async function submittedNote(screws = 60, brackets = 30): Promise<{ order: Row; note: Row }> {
    const order = await releasedOrder();
    const [a, b] = order.lines!;
    const note = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      {
        shipDate: '2026-12-01',
        lines: [
          { poLineId: a!.poLineId, shipQuantity: screws },
          { poLineId: b!.poLineId, shipQuantity: brackets },
        ],
      },
      supA,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, supA);
    return { order, note: await ok('srmPurAsnHeader', 'findById', { asnHeaderId: note.asnHeaderId }, supA) };
  }

  const orderReceived = async (order: Row) =>
    ((await ok('srmPoHeader', 'findById', { poHeaderId: order.poHeaderId })).lines as Row[]).map(
      (line) => line.receivedQuantity,
    );
  const noteState = async (note: Row) => {
    const found = await ok('srmPurAsnHeader', 'findById', { asnHeaderId: note.asnHeaderId });
    return { status: found.status, received: (found.lines as Row[]).map((line) => line.receivedQuantity) };
  };

  async function post(body: Row): Promise<Row> {
    const saved = await ok('srmPurReceiveHeader', 'saveOrUpdate', body);
    await ok('srmPurReceiveHeader', 'doPost', { receiveHeaderId: saved.receiveHeaderId });
    return ok('srmPurReceiveHeader', 'findById', { receiveHeaderId: saved.receiveHeaderId });
  }

  return { submittedNote, orderReceived, noteState, post };
}
