// A business area's manifest (isomorphic): its entities, its labels and messages, where its
// screens sit in the menu and which demo roles are granted them. The server derives from the
// list of manifests its registry, catalogue, menu tree and role grants; nothing else lists the
// areas' objects. Menu labels are locale keys `menu.<CODE>` in the area's locale files.
import { formatDate } from './dates';
import type { AnyEntity, EntityDef } from './entity/define';
import { type Catalogue, mergeCatalogues } from './i18n/messages';

export type MenuSide = 'internal' | 'external';

/** A group of the menu tree (采购管理), owned by one area; other areas may place entries under it. */
export interface MenuDirectory {
  readonly code: string;
  readonly side: MenuSide;
  /** An antd icon name. */
  readonly icon?: string;
  /** Position among the side's top-level groups (ascending). */
  readonly order: number;
}

/** A menu entry opening a screen. */
export interface MenuEntry {
  readonly code: string;
  readonly side: MenuSide;
  /** Code of the directory it sits under. */
  readonly under: string;
  /** The screen's route. */
  readonly path: string;
  /** The entity whose operations are the entry's buttons (resources). */
  readonly entity?: string;
  /** Buttons of a screen that shows no entity: resource codes its server routes require. */
  readonly resources?: readonly string[];
  /** Position inside the directory (ascending). */
  readonly order: number;
}

/** A role's grant of a menu: every button, or only the listed operations (`view`, `save`, `doSubmit`…). */
export type MenuGrant = 'all' | readonly string[];

/** A demo role (labels `role.<CODE>` in the locale files). */
export interface RolePlan {
  readonly code: string;
  readonly side: MenuSide;
  /** Granted every internal menu of every area (the administrator). */
  readonly everything?: boolean;
}

/**
 * A card of a home (工作台): how many documents of an entity wait in a state for the reader's
 * action, opening the list filtered to them. A user sees it when the current responsibility holds
 * one of `for` (the resource codes of acting on those documents) and may read the entity; the
 * count is the one that list would show the user. Label `workCard.<key>` in the area's locale
 * files.
 */
export interface WorkCard {
  /** Unique over the areas. */
  readonly key: string;
  readonly side: MenuSide;
  /** The entity counted (any area's). */
  readonly entity: string;
  /** The list filters selecting the documents, as `listByPage` takes them. */
  readonly filters: Readonly<Record<string, string | readonly string[]>>;
  /** Only the last `days` days up to today (the business time zone's) on this date filter. */
  readonly lastDays?: { readonly field: string; readonly days: number };
  /** Resource codes: whoever holds one of them acts on these documents. */
  readonly for: readonly string[];
  /** The list screen (a menu entry's path of the side) that opens filtered to them. */
  readonly list: string;
  /** Position among the side's cards (ascending). */
  readonly order: number;
}

export interface AreaSpec {
  /** The area's folder name (`purchasing`). */
  readonly name: string;
  /** Its definitions (headers; their lines come with them). */
  readonly entities: readonly AnyEntity[];
  /** Its labels and messages in both languages. */
  readonly messages: Catalogue;
  /** Menu groups it owns. */
  readonly directories?: readonly MenuDirectory[];
  /** Where its screens sit in the menu. */
  readonly menus?: readonly MenuEntry[];
  /** Demo roles it defines (administration). */
  readonly roles?: readonly RolePlan[];
  /** What each demo role is granted of this area's menus: role code → menu code → grant. */
  readonly grants?: Readonly<Record<string, Readonly<Record<string, MenuGrant>>>>;
  /** The cards its documents put on the homes of those who act on them. */
  readonly workCards?: readonly WorkCard[];
}

export type AreaManifest = Required<AreaSpec>;

export function defineArea(spec: AreaSpec): AreaManifest {
  const codes = new Set((spec.menus ?? []).map((entry) => entry.code));
  for (const [role, grants] of Object.entries(spec.grants ?? {})) {
    for (const code of Object.keys(grants))
      if (!codes.has(code))
        throw new Error(`${spec.name}: role ${role} is granted ${code}, not a menu of the area`);
  }
  return {
    directories: [],
    menus: [],
    roles: [],
    grants: {},
    workCards: [],
    ...spec,
  };
}

/** Every definition of the areas (headers; a registry adds their lines). */
export function areaEntities(areas: readonly AreaManifest[]): EntityDef[] {
  return areas.flatMap((area) => area.entities as EntityDef[]);
}

/** The areas' catalogues merged. */
export function areaMessages(areas: readonly { readonly messages: Catalogue }[]): Catalogue {
  return mergeCatalogues(...areas.map((area) => area.messages));
}

/** A node of the menu tree: a directory with its entries, in order. */
export interface MenuNode {
  readonly code: string;
  readonly side: MenuSide;
  readonly icon?: string;
  readonly children: readonly MenuEntry[];
}

/**
 * The menu tree of one side: the directories in order, each with the entries of every area
 * placed under it, in order. An entry under an unknown directory or a code used twice is a
 * mistake of the manifests and throws.
 */
export function menuTree(areas: readonly AreaManifest[], side: MenuSide): MenuNode[] {
  const directories = areas.flatMap((area) => area.directories).filter((d) => d.side === side);
  const entries = areas.flatMap((area) => area.menus).filter((e) => e.side === side);
  const seen = new Set<string>();
  for (const code of [...directories.map((d) => d.code), ...entries.map((e) => e.code)]) {
    if (seen.has(code)) throw new Error(`Menu code ${code} is used twice`);
    seen.add(code);
  }
  for (const entry of entries)
    if (!directories.some((d) => d.code === entry.under))
      throw new Error(`Menu ${entry.code} sits under ${entry.under}, which no area defines for its side`);
  return [...directories]
    .sort((a, b) => a.order - b.order)
    .map((directory) => ({
      code: directory.code,
      side: directory.side,
      ...(directory.icon ? { icon: directory.icon } : {}),
      children: entries.filter((e) => e.under === directory.code).sort((a, b) => a.order - b.order),
    }));
}

/** Every menu entry opening a screen, both sides. */
export function menuEntries(areas: readonly AreaManifest[]): MenuEntry[] {
  return areas.flatMap((area) => area.menus);
}

/** Each demo role's grants over every area (the administrator: every internal menu). */
export function roleGrants(
  areas: readonly AreaManifest[],
): { role: RolePlan; grants: Record<string, MenuGrant> }[] {
  const roles = areas.flatMap((area) => area.roles);
  return roles.map((role) => {
    const grants: Record<string, MenuGrant> = {};
    if (role.everything)
      for (const entry of menuEntries(areas)) if (entry.side === role.side) grants[entry.code] = 'all';
    for (const area of areas) Object.assign(grants, area.grants[role.code] ?? {});
    return { role, grants };
  });
}

/**
 * The work cards of one side over every area, in order. A key used twice, or a card opening a
 * list that is no menu entry of its side, is a mistake of the manifests and throws.
 */
export function workCards(areas: readonly AreaManifest[], side: MenuSide): WorkCard[] {
  const all = areas.flatMap((area) => area.workCards);
  const seen = new Set<string>();
  for (const card of all) {
    if (seen.has(card.key)) throw new Error(`Work card ${card.key} is declared twice`);
    seen.add(card.key);
    if (!menuEntries(areas).some((entry) => entry.side === card.side && entry.path === card.list))
      throw new Error(`Work card ${card.key} opens ${card.list}, which is no ${card.side} menu entry`);
  }
  return all.filter((card) => card.side === side).sort((a, b) => a.order - b.order);
}

/** A card as a home receives it: what it counts, how many, and the list filters that show them. */
export interface WorkCount {
  readonly key: string;
  readonly entity: string;
  /** The list screen that opens filtered to them. */
  readonly list: string;
  readonly filters: Readonly<Record<string, string | readonly string[]>>;
  readonly count: number;
  /** More rows than the exact-count limit: the count is the planner's estimate. */
  readonly estimated?: boolean;
}

/** The cards of a holder of these grants: it holds one of a card's codes and may read its entity. */
export function workCardsFor(
  cards: readonly WorkCard[],
  may: (resourceCode: string) => boolean,
  reads: (entityName: string) => boolean,
): WorkCard[] {
  return cards.filter((card) => card.for.some(may) && reads(card.entity));
}

const DAY_MS = 86_400_000;

/** A card's list filters on a day (`yyyy-MM-dd`): its own, and its last days as a date range. */
export function workCardFilters(card: WorkCard, today: string): Record<string, string | readonly string[]> {
  if (!card.lastDays) return { ...card.filters };
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const from = formatDate(Date.UTC(year, month - 1, day) - (card.lastDays.days - 1) * DAY_MS, 'UTC');
  return { ...card.filters, [card.lastDays.field]: [from, today] };
}
