// Every definition the server runs with (the platform's own and the business areas'), their
// tables, and the message catalogue. Built once per process.
import {
  type Catalogue,
  EntityRegistry,
  bpmEntities,
  kernelMessages,
  mergeCatalogues,
  systemEntities,
} from '@srm/kernel';
import {
  approvalTables,
  backExport,
  buildEntityTables,
  excelMessages,
  excelTables,
  type EntityTables,
  fileTables,
  identityTables,
  systemTables,
  tableConfigTables,
  siteMessageTables,
} from '@srm/platform';
import { domainEntities, domainMessages } from '@srm/domain';

export const registry = new EntityRegistry([
  ...systemEntities,
  ...bpmEntities,
  backExport,
  ...domainEntities,
]);
export const entityTables: EntityTables = buildEntityTables(registry);
export const messages: Catalogue = mergeCatalogues(kernelMessages, excelMessages, domainMessages);

/** Every table by a unique export name: what the migrations are generated from. */
export function schemaTables(): Record<string, unknown> {
  const tables: Record<string, unknown> = {
    ...systemTables,
    ...identityTables,
    ...fileTables,
    ...excelTables,
    ...approvalTables,
    ...tableConfigTables,
    ...siteMessageTables,
  };
  for (const [name, table] of entityTables.byEntity) tables[name] = table;
  return tables;
}
