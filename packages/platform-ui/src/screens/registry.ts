// The screen registry: each screen is one entry keyed by its route name (the spec: the path
// lower-cased with slashes and query removed). An entity gets its list and edit screens from
// one line; custom screens plug into the same list. Definitions and components load lazily.
import type { ComponentType } from 'react';
import type { EntityDef, LazyCatalogue } from '@srm/kernel';
import type { EditButton, LinesEditor, ListButton } from '../edit/extensions';
import { type FieldEditorLoader, registerFieldEditors } from '../fields/fieldEditors';

export type ScreenKind = 'list' | 'edit' | 'custom';

export interface ScreenEntry {
  /** Route path under /main, e.g. 'srmBaseDistrictList'. */
  readonly path: string;
  readonly kind: ScreenKind;
  /** Business area: the menu group. */
  readonly area: string;
  /** Label key of the title (menu and tab). */
  readonly title: string;
  /** Name of the entity of a list or edit screen (known without loading it). */
  readonly entityName?: string;
  /** The entity of a list or edit screen, loaded on first use. */
  readonly entity?: () => Promise<EntityDef>;
  /** The component of a custom screen, loaded on first use. */
  readonly load?: () => Promise<{ default: ComponentType }>;
  /** A list's edit screen. */
  readonly editPath?: string;
  /** Listed in the menu (lists and custom screens by default). */
  readonly menu?: boolean;
  /** An edit screen's own buttons beside the generic ones (重置密码 on a user). */
  readonly editButtons?: readonly EditButton[];
  /** An edit screen's own editor of some line collections instead of their grids. */
  readonly linesEditor?: LinesEditor;
  /** A list variant's fixed filters, sent with every query (orders awaiting confirmation). */
  readonly listFilters?: Readonly<Record<string, unknown>>;
  /** A list screen's own toolbar buttons acting on the rows chosen. */
  readonly listButtons?: readonly ListButton[];
  /** A list variant's own columns (a view of the same rows with other figures). */
  readonly listColumns?: readonly string[];
}

/** The spec's route name: the path lower-cased with slashes and query removed. */
export function routeName(path: string): string {
  return (path.split('?')[0] ?? '').replace(/\//g, '').toLowerCase();
}

export interface EntityScreenPaths {
  /** Default `<entity>List`. */
  readonly list?: string;
  /** Default `<entity>Edit`. */
  readonly edit?: string;
  /** Extra buttons of the edit screen. */
  readonly editButtons?: readonly EditButton[];
  /** Editor replacing the grids of some line collections on the edit screen. */
  readonly linesEditor?: LinesEditor;
  /** Fixed filters of the list (a variant of another list of the same entity). */
  readonly listFilters?: Readonly<Record<string, unknown>>;
  /** Extra toolbar buttons of the list, acting on the rows chosen. */
  readonly listButtons?: readonly ListButton[];
  /** The list's own columns instead of the definition's: a view of other figures, read only. */
  readonly listColumns?: readonly string[];
  /** The list's title key when it is not the entity's (a view: 合同执行视图). */
  readonly listTitle?: string;
}

/**
 * The list and edit screens of an entity, e.g.
 * `...entityScreens('base-data', 'srmBaseDistrict', () => import('./district.entity').then((m) => m.district))`.
 */
export function entityScreens(
  area: string,
  name: string,
  entity: () => Promise<EntityDef>,
  paths: EntityScreenPaths = {},
): ScreenEntry[] {
  const list = paths.list ?? `${name}List`;
  const edit = paths.edit ?? `${name}Edit`;
  const title = `entity.${name}`;
  return [
    {
      path: list,
      kind: 'list',
      area,
      title: paths.listTitle ?? title,
      entityName: name,
      entity,
      editPath: edit,
      ...(paths.listFilters ? { listFilters: paths.listFilters } : {}),
      ...(paths.listButtons ? { listButtons: paths.listButtons } : {}),
      ...(paths.listColumns ? { listColumns: paths.listColumns } : {}),
    },
    {
      path: edit,
      kind: 'edit',
      area,
      title,
      entityName: name,
      entity,
      menu: false,
      editButtons: paths.editButtons,
      linesEditor: paths.linesEditor,
    },
  ];
}

/** A hand-written screen: `customScreen('report', 'poReport', 'menu.poReport', () => import('./poReport.screen'))`. */
export function customScreen(
  area: string,
  path: string,
  title: string,
  load: () => Promise<{ default: ComponentType }>,
  options: { menu?: boolean } = {},
): ScreenEntry {
  return { path, kind: 'custom', area, title, load, ...options };
}

export class ScreenRegistry {
  private readonly byRoute = new Map<string, ScreenEntry>();

  constructor(readonly entries: readonly ScreenEntry[]) {
    for (const entry of entries) {
      const name = routeName(entry.path);
      const other = this.byRoute.get(name);
      if (other) throw new Error(`Screens ${other.path} and ${entry.path} share the route name ${name}`);
      if (entry.kind === 'custom' ? !entry.load : !entry.entity) {
        throw new Error(`Screen ${entry.path} needs ${entry.kind === 'custom' ? 'load' : 'entity'}`);
      }
      this.byRoute.set(name, entry);
    }
  }

  /** The screen of a path or route name. */
  find(path: string): ScreenEntry | undefined {
    return this.byRoute.get(routeName(path));
  }

  /** The definition of an entity that has screens, loaded on demand. */
  async loadEntity(name: string): Promise<EntityDef | undefined> {
    const entry = this.entries.find((item) => item.entityName === name && item.entity);
    return entry?.entity?.();
  }

  /** Screens the menu lists. */
  menuEntries(): ScreenEntry[] {
    return this.entries.filter((entry) => entry.menu ?? entry.kind !== 'edit');
  }
}

/** An area's part of the web: its screens and its labels (the shell names menus and tabs with them). */
export interface AreaScreens {
  readonly name: string;
  /** Loaded one language at a time: the menu and tabs wait for the language shown, not both. */
  readonly labels: LazyCatalogue;
  readonly screens: readonly ScreenEntry[];
}

export interface AreaScreensOptions {
  /** Inputs of the area's JSON fields, by the name a field gives as its `editor`. */
  readonly fieldEditors?: Readonly<Record<string, FieldEditorLoader>>;
}

/** An area's web part; its field editors are registered as it is defined (when the web loads it). */
export function defineAreaScreens(
  name: string,
  labels: LazyCatalogue,
  screens: readonly ScreenEntry[],
  options: AreaScreensOptions = {},
): AreaScreens {
  if (options.fieldEditors) registerFieldEditors(options.fieldEditors);
  return { name, labels, screens };
}
