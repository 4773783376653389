// The registered screens of the web app (every area's registry lines and the shell's own), the
// merged catalogue, and the definitions a remote select may need (the platform's own entities,
// the areas').
import { type EntityDef, kernelMessages, mergeCatalogues, systemEntities } from '@srm/kernel';
import { ScreenRegistry, platformUiMessages } from '@srm/platform-ui';
import { domainMessages, domainScreens } from '@srm/domain/screens';
import { shellScreens } from './shellScreens';

export const screenRegistry = new ScreenRegistry([...shellScreens, ...domainScreens]);

export const catalogue = mergeCatalogues(kernelMessages, platformUiMessages, domainMessages);

function findEntity(entities: readonly EntityDef[], name: string): EntityDef | undefined {
  for (const entity of entities) {
    if (entity.name === name) return entity;
    const line = findEntity(Object.values(entity.lines), name);
    if (line) return line;
  }
  return undefined;
}

export async function resolveEntity(name: string): Promise<EntityDef | undefined> {
  // Loaded on demand: once the catalogue no longer needs the domain index, this stays lazy.
  const { domainEntities } = await import('@srm/domain');
  return findEntity([...systemEntities, ...domainEntities], name) ?? (await screenRegistry.loadEntity(name));
}

/** The edit screen of an entity's documents (a task list opens its documents there). */
export function recordPath(entityName: string): string | undefined {
  const list = screenRegistry.entries.find(
    (entry) => entry.kind === 'list' && entry.entityName === entityName,
  );
  return (
    list?.editPath ??
    screenRegistry.entries.find((entry) => entry.kind === 'edit' && entry.entityName === entityName)?.path
  );
}
