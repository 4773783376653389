// Demo data: loaded on the first start of an empty database and by `npm run seed`.
import type { Database } from '@srm/db';

export async function seedIfEmpty(_database: Database): Promise<void> {
  // The business areas contribute their demo data here as they land.
}

export function demoLoginLines(): string[] {
  return [];
}
