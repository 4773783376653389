// Where a home's work card opens: the list it names, under the user's menu entry of that list (the
// entry scopes the list's buttons), filtered to the card's documents through the tab's parameters.
import type { WorkCount } from '@srm/kernel';
import { filterParams, routeName } from '@srm/platform-ui';
import type { MenuNode } from '../../shell/menu/menuTree';

export const WORK_COUNTS_PATH = '/api/srm/v1/home/workCounts';

export interface WorkCardTarget {
  path: string;
  params: Record<string, string | number>;
}

/** The card's list with its filters; null when the user has no menu entry of that list. */
export function workCardTarget(card: WorkCount, menus: readonly MenuNode[]): WorkCardTarget | null {
  const menu = menus.find((node) => node.url && routeName(node.url) === routeName(card.list));
  if (!menu?.url) return null;
  return { path: menu.url, params: { ...filterParams(card.filters), menuId: menu.menuId } };
}
