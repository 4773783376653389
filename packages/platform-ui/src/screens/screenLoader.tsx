// Turns a registry entry into a loadable screen component: the entity definition (or the custom
// component) arrives with the screen's chunk, never with the shell; so do the generic list and
// edit pages, with their grids, fields and dialogs.
import type { ComponentType } from 'react';
import type { ScreenEntry } from './registry';

export type ScreenModule = { default: ComponentType };

export function screenLoader(entry: ScreenEntry): () => Promise<ScreenModule> {
  if (entry.kind === 'custom') return entry.load!;
  return async () => {
    if (entry.kind === 'list') {
      const [defined, { EntityListPage }] = await Promise.all([
        entry.entity!(),
        import('../list/EntityListPage'),
      ]);
      const entity = entry.listColumns
        ? { ...defined, list: { ...defined.list, columns: entry.listColumns } }
        : defined;
      const List: ComponentType = () => (
        <EntityListPage
          entity={entity}
          editPath={entry.editPath}
          fixedFilters={entry.listFilters}
          buttons={entry.listButtons}
          variant={entry.listColumns ? entry.path : undefined}
        />
      );
      return { default: List };
    }
    const [entity, { EntityEditPage }] = await Promise.all([
      entry.entity!(),
      import('../edit/EntityEditPage'),
    ]);
    const Edit: ComponentType = () => (
      <EntityEditPage entity={entity} buttons={entry.editButtons} linesEditor={entry.linesEditor} />
    );
    return { default: Edit };
  };
}

/**
 * Fetches the generic list page ahead of the first list (the workspace calls it once the home is
 * up), so that opening a list does not wait for its code. The edit page loads with its screen.
 */
export function preloadEntityPages(): void {
  void import('../list/EntityListPage').catch(() => undefined);
}
