// Demo data of delivery starts from each demo supplier's confirmed order: its own user, read as
// that user through the data API (typed rows, the supplier's own scope). Shared by the objects'
// seeds (notes, notices, batch drafts).
import { type FoundRowOf } from '@srm/kernel';
import { type Actor, type DataApi, SYSTEM_ACTOR, type SeedContext, dataApi } from '@srm/platform';
import { order } from '../purchasing';
// The demo suppliers: supplier/index.ts is to export them (the supplier area's change); until
// then, the one file that holds them.
import { DEMO_SUPPLIERS } from '../supplier/server';

/** The data API of a seed's work done as `actor` (each call its own transaction, audited). */
export function seedApi(context: SeedContext, actor: Actor = SYSTEM_ACTOR): DataApi {
  const { runtime } = context;
  return dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'seed');
}

/** A date some days from today, as a date field holds it. */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface DemoSupplierOrder {
  readonly demo: (typeof DEMO_SUPPLIERS)[number];
  readonly supplierId: number;
  /** The supplier's own user. */
  readonly api: DataApi;
  /** Its latest confirmed order with the order's lines. */
  readonly order: FoundRowOf<typeof order>;
}

/** Each demo supplier with its latest confirmed order (suppliers without one are left out). */
export async function confirmedOrders(context: SeedContext): Promise<DemoSupplierOrder[]> {
  const found: DemoSupplierOrder[] = [];
  for (const demo of DEMO_SUPPLIERS) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    const userId = await context.findId('baseUser', { userName: demo.user.userName });
    if (supplierId === null || userId === null) continue;
    const api = seedApi(context, {
      ...SYSTEM_ACTOR,
      system: false,
      side: 'supplier',
      supplierId,
      userId,
      userName: demo.user.userName,
    });
    const [latest] = await api.list(
      order,
      { supplierId, status: 'CONFIRMED' },
      { orderBy: [{ field: 'poHeaderId', order: 'desc' }], limit: 1 },
    );
    if (latest) found.push({ demo, supplierId, api, order: await api.find(order, latest.poHeaderId) });
  }
  return found;
}
