// Demo data of receiving is written as the demo buyer would, through the data API (typed rows,
// the engine's checks and audit), after the demo suppliers' delivery notes.
import { type Actor, type DataApi, SYSTEM_ACTOR, type SeedContext, dataApi } from '@srm/platform';
// The demo suppliers: supplier/index.ts is to export them (the supplier area's change); until
// then, the one file that holds them.
export { DEMO_SUPPLIERS } from '../supplier/server';

/** The data API of a seed's work done as `actor` (each call its own transaction, audited). */
export function seedApi(context: SeedContext, actor: Actor = SYSTEM_ACTOR): DataApi {
  const { runtime } = context;
  return dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'seed');
}

/** The demo buyer's data API. */
export async function buyerApi(context: SeedContext): Promise<DataApi> {
  const userId = await context.findId('baseUser', { userName: 'buyer' });
  return seedApi(context, { ...SYSTEM_ACTOR, system: false, userId, userName: 'buyer' });
}

/** A date some days from today, as a date field holds it. */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
