// The registered screens of the web app (every area's registry lines and the shell's own) and
// the definitions a remote select may need (the platform's own entities, the areas'). The labels
// load per language (../labels).
import { type EntityDef, systemEntities } from '@srm/kernel';
import { ScreenRegistry } from '@srm/platform-ui';
import { domainScreens } from '@srm/domain/screens';
import { shellScreens } from './shellScreens';

export const screenRegistry = new ScreenRegistry([...shellScreens, ...domainScreens]);

function findEntity(entities: readonly EntityDef[], name: string): EntityDef | undefined {
  for (const entity of entities) {
    if (entity.name === name) return entity;
    const line = findEntity(Object.values(entity.lines), name);
    if (line) return line;
  }
  return undefined;
}

export async function resolveEntity(name: string): Promise<EntityDef | undefined> {
  // An entity with screens loads its own chunk (a list's references load only theirs); the domain
  // index, which brings every definition, only for an entity without screens of its own.
  const found = findEntity(systemEntities, name) ?? (await screenRegistry.loadEntity(name));
  if (found) return found;
  const { domainEntities } = await import('@srm/domain');
  return findEntity(domainEntities, name);
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
