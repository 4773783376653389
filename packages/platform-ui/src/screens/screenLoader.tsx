// Turns a registry entry into a loadable screen component: the entity definition (or the custom
// component) arrives with the screen's chunk, never with the shell.
import type { ComponentType } from 'react';
import { EntityEditPage } from '../edit/EntityEditPage';
import { EntityListPage } from '../list/EntityListPage';
import type { ScreenEntry } from './registry';

export type ScreenModule = { default: ComponentType };

export function screenLoader(entry: ScreenEntry): () => Promise<ScreenModule> {
  if (entry.kind === 'custom') return entry.load!;
  return async () => {
    const entity = await entry.entity!();
    const Screen: ComponentType =
      entry.kind === 'list'
        ? () => (
            <EntityListPage
              entity={entity}
              editPath={entry.editPath}
              fixedFilters={entry.listFilters}
              buttons={entry.listButtons}
            />
          )
        : () => (
            <EntityEditPage entity={entity} buttons={entry.editButtons} linesEditor={entry.linesEditor} />
          );
    return { default: Screen };
  };
}
