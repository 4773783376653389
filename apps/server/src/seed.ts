// Demo data: every area's seeds. On start, seeds not yet recorded run (a first start loads
// the whole demo company); `npm run seed` runs them all again, idempotently.
import { type EntityRuntime, runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';

export async function loadDemoData(runtime: EntityRuntime, mode: 'all' | 'new') {
  return runSeeds(runtime, domainSeeds, mode);
}

export function demoLoginLines(): string[] {
  return [];
}
