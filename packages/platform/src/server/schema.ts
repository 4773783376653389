// What a set of business areas runs with besides the platform's own: every definition (the
// kernel's system and process entities, the background export, the areas'), their tables, the
// message catalogue, and every table by name for the migrations. Composed once per list of areas.
import {
  type Catalogue,
  EntityRegistry,
  areaEntities,
  areaMessages,
  bpmEntities,
  kernelMessages,
  mergeCatalogues,
  systemEntities,
} from '@srm/kernel';
import { approvalTables } from '../approval/tables';
import type { ServerArea } from '../area';
import { buildEntityTables, type EntityTables } from '../entity/tables';
import { backExport } from '../excel/back-export.entity';
import { excelMessages } from '../excel/messages';
import { excelTables } from '../excel/tables';
import { fileTables } from '../files/tables';
import { identityTables } from '../identity/tables';
import { siteMessageTables } from '../messaging/site-message.tables';
import { hallTables } from '../realtime/hall.tables';
import { realtimeTables } from '../realtime/realtime.tables';
import { systemTables } from '../system/tables';
import { tableConfigTables } from '../table-config/tables';

export interface PlatformSchema {
  readonly registry: EntityRegistry;
  readonly entityTables: EntityTables;
  /** The kernel's, the platform's and every area's messages. */
  readonly messages: Catalogue;
  /** Every table by a unique export name: what the migrations are generated from. */
  schemaTables(): Record<string, unknown>;
}

const composed = new WeakMap<readonly ServerArea[], PlatformSchema>();

/** The schema of the platform with these areas; the same list gives the same (cached) schema. */
export function platformSchema(areas: readonly ServerArea[]): PlatformSchema {
  const known = composed.get(areas);
  if (known) return known;
  const manifests = areas.map((server) => server.area);
  const registry = new EntityRegistry([
    ...systemEntities,
    ...bpmEntities,
    backExport,
    ...areaEntities(manifests),
  ]);
  const entityTables = buildEntityTables(registry);
  const schema: PlatformSchema = {
    registry,
    entityTables,
    messages: mergeCatalogues(kernelMessages, excelMessages, areaMessages(manifests)),
    schemaTables() {
      const tables: Record<string, unknown> = {
        ...systemTables,
        ...identityTables,
        ...fileTables,
        ...excelTables,
        ...approvalTables,
        ...tableConfigTables,
        ...siteMessageTables,
        ...realtimeTables,
        ...hallTables,
      };
      for (const [name, table] of entityTables.byEntity) tables[name] = table;
      for (const server of areas)
        for (const [name, table] of Object.entries(server.tables)) {
          if (name in tables) throw new Error(`table ${name} of area ${server.area.name} is defined twice`);
          tables[name] = table;
        }
      return tables;
    },
  };
  composed.set(areas, schema);
  return schema;
}
