// Every definition the server runs with (the platform's own and the business areas'), their
// tables, and the message catalogue: the platform's schema of the domain's areas.
import { platformSchema } from '@srm/platform';
import { serverAreas } from '@srm/domain/server';

const schema = platformSchema(serverAreas);

export const registry = schema.registry;
export const entityTables = schema.entityTables;
export const messages = schema.messages;

/** Every table by a unique export name: what the migrations are generated from. */
export function schemaTables(): Record<string, unknown> {
  return schema.schemaTables();
}
