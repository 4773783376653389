import { describe, expect, it } from 'vitest';
import {
  type MenuGrant,
  type WorkCount,
  menuEntries,
  roleGrants,
  workCards,
  workCardsFor,
} from '@srm/kernel';
import { areas } from '@srm/domain';
import type { MenuNode } from '../../shell/menu/menuTree';
import { workCardTarget } from './workCards';

const node = (menuId: number, url: string): MenuNode => ({
  menuId,
  menuParentId: 1,
  name: url,
  menuType: 'MENU',
  menuCode: `M${menuId}`,
  url,
  levelId: 2,
  enabled: 'Y',
  children: [],
});

describe('a work card opens', () => {
  const card: WorkCount = {
    key: 'receiptsToSettle',
    entity: 'srmPurReceiveHeader',
    list: 'receiveList',
    filters: { status: ['POSTED', 'REVERSED'], receiveDate: ['2026-01-31', '2026-03-01'] },
    count: 4,
  };

  it('its list under the user’s menu entry, filtered to its documents', () => {
    expect(workCardTarget(card, [node(7, 'purOrderList'), node(9, 'receiveList')])).toEqual({
      path: 'receiveList',
      params: { menuId: 9, status: 'POSTED,REVERSED', receiveDate: '2026-01-31,2026-03-01' },
    });
  });

  it('nothing when the user has no menu entry of its list', () => {
    expect(workCardTarget(card, [node(7, 'purOrderList')])).toBeNull();
  });
});

/**
 * The cards a demo role's grants give (what its home shows): the resource codes its menus grant
 * (`all`: every button of the menu's entity) and the entities of those menus it reads.
 */
function cardsOfRoles(...roleCodes: string[]): string[] {
  const grants: [string, MenuGrant][] = roleGrants(areas)
    .filter(({ role }) => roleCodes.includes(role.code))
    .flatMap(({ grants: byMenu }) => Object.entries(byMenu));
  const entityOf = (menuCode: string) => menuEntries(areas).find((entry) => entry.code === menuCode)?.entity;
  const may = (code: string) => {
    const [entity, operation] = code.split('.');
    return grants.some(
      ([menu, grant]) => entityOf(menu) === entity && (grant === 'all' || grant.includes(operation!)),
    );
  };
  const reads = (entity: string) => grants.some(([menu]) => entityOf(menu) === entity);
  return workCardsFor(workCards(areas, 'internal'), may, reads).map((card) => card.key);
}

describe('the internal home of each demo role', () => {
  it('the buyer: demand, orders, deliveries and receipts to act on', () => {
    expect(cardsOfRoles('BUYER')).toEqual([
      'demandPool',
      'ordersToSubmit',
      'ordersToRelease',
      'ordersAwaitingSupplier',
      'orderChangesProposed',
      'deliveriesToReceive',
      'receiptsToPost',
    ]);
  });

  it('the approver: no card, its work is its pending approvals', () => {
    expect(cardsOfRoles('PURCHASE_MANAGER')).toEqual([]);
  });

  it('finance: the receipts posted lately', () => {
    expect(cardsOfRoles('FINANCE')).toEqual(['receiptsToSettle']);
  });

  it('several roles: the union', () => {
    expect(cardsOfRoles('BUYER', 'FINANCE')).toEqual([...cardsOfRoles('BUYER'), 'receiptsToSettle']);
    expect(cardsOfRoles('PURCHASE_MANAGER', 'FINANCE')).toEqual(['receiptsToSettle']);
  });
});
