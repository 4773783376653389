import { describe, expect, it } from 'vitest';
import {
  type MenuGrant,
  type MenuSide,
  type WorkCount,
  menuEntries,
  roleGrants,
  workCardFilters,
  workCards,
  workCardsFor,
} from '@srm/kernel';
import { areas } from '@srm/domain';
import { domainScreens } from '@srm/domain/screens';
import { ScreenRegistry } from '@srm/platform-ui';
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

/** The menu entries of some demo roles, by menu code, with their grants. */
function grantsOfRoles(roleCodes: readonly string[]): [string, MenuGrant][] {
  return roleGrants(areas)
    .filter(({ role }) => roleCodes.includes(role.code))
    .flatMap(({ grants: byMenu }) => Object.entries(byMenu));
}

/**
 * The cards a demo role's grants give (what its home shows): the resource codes its menus grant
 * (`all`: every button of the menu's entity) and the entities of those menus it reads.
 */
function cardsOfRoles(...roleCodes: string[]): string[] {
  return cardsOfSide('internal', roleCodes);
}

function cardsOfSide(side: MenuSide, roleCodes: readonly string[]): string[] {
  const grants = grantsOfRoles(roleCodes);
  const entityOf = (menuCode: string) => menuEntries(areas).find((entry) => entry.code === menuCode)?.entity;
  const may = (code: string) => {
    const [entity, operation] = code.split('.');
    return grants.some(
      ([menu, grant]) => entityOf(menu) === entity && (grant === 'all' || grant.includes(operation!)),
    );
  };
  const reads = (entity: string) => grants.some(([menu]) => entityOf(menu) === entity);
  return workCardsFor(workCards(areas, side), may, reads).map((card) => card.key);
}

describe('the internal home of each demo role', () => {
  it('the buyer: demand, orders, deliveries, receipts and statements to act on', () => {
    expect(cardsOfRoles('BUYER')).toEqual([
      'demandPool',
      'ordersToSubmit',
      'ordersToRelease',
      'ordersAwaitingSupplier',
      'orderChangesProposed',
      'deliveriesToReceive',
      'receiptsToPost',
      'statementsToSend',
      'statementDisputes',
      'invoiceExceptions',
    ]);
  });

  it('the approver: no card, its work is its pending approvals', () => {
    expect(cardsOfRoles('PURCHASE_MANAGER')).toEqual([]);
  });

  it('finance: statements to send, disputes to answer, invoices held, payments to make, balances disputed', () => {
    expect(cardsOfRoles('FINANCE')).toEqual([
      'statementsToSend',
      'statementDisputes',
      'invoiceExceptions',
      'paymentsToPay',
      'balanceDisputes',
    ]);
  });

  it('several roles: the union', () => {
    expect(cardsOfRoles('BUYER', 'FINANCE')).toEqual([
      ...cardsOfRoles('BUYER'),
      'paymentsToPay',
      'balanceDisputes',
    ]);
    expect(cardsOfRoles('PURCHASE_MANAGER', 'FINANCE')).toEqual(cardsOfRoles('FINANCE'));
  });
});

describe('the external home of a supplier', () => {
  const SUPPLIER = 'SUPPLIER_PORTAL';
  // The supplier's menu as the server draws it: the entries its role is granted.
  const menus = grantsOfRoles([SUPPLIER]).map(([code], index) => {
    const entry = menuEntries(areas).find((candidate) => candidate.code === code)!;
    return node(100 + index, entry.path);
  });
  const card = (key: string): WorkCount => {
    const declared = workCards(areas, 'external').find((candidate) => candidate.key === key)!;
    return { ...declared, filters: workCardFilters(declared, '2026-03-01'), count: 1 };
  };

  it('orders and delivery notices to confirm, its own delivery notes to submit, statements and balances to confirm, invoices to correct', () => {
    expect(cardsOfSide('external', [SUPPLIER])).toEqual([
      'ordersToConfirm',
      'noticesToConfirm',
      'deliveriesToSubmit',
      'statementsToConfirm',
      'invoicesToCorrect',
      'deductionsToAcknowledge',
      'balancesToConfirm',
    ]);
  });

  it('never a buyer’s card (the server picks the cards of the user’s side)', () => {
    expect(cardsOfSide('internal', [SUPPLIER])).toEqual([]);
  });

  it('each card opens the supplier’s own list under its menu, filtered to what it counted', () => {
    const opened = (key: string) => {
      const target = workCardTarget(card(key), menus);
      return target && { path: target.path, status: target.params.status };
    };
    // 我的订单 (待确认订单 fixes its own statuses, released and changes proposed).
    expect(opened('ordersToConfirm')).toEqual({ path: 'supplierPurOrderList', status: 'RELEASED' });
    // 送货通知
    expect(opened('noticesToConfirm')).toEqual({ path: 'supplierDeliveryNoticeList', status: 'ISSUED' });
    // 我的送货单
    expect(opened('deliveriesToSubmit')).toEqual({ path: 'supplierAsnList', status: 'DRAFT' });
  });
});

describe('every card, both sides', () => {
  const registry = new ScreenRegistry(domainScreens);
  const cards = [...workCards(areas, 'internal'), ...workCards(areas, 'external')];

  const codes = (value: unknown) => [value].flat().map(String).sort();

  it('opens a list of the entity it counts, whose fixed filters do not change what it counted', () => {
    for (const card of cards) {
      const screen = registry.find(card.list);
      expect(screen?.kind, card.key).toBe('list');
      expect(screen?.entityName, card.key).toBe(card.entity);
      // A list variant's fixed filters win over the tab's: they must be the card's own.
      for (const [name, fixed] of Object.entries(screen?.listFilters ?? {}))
        expect(codes(card.filters[name]), `${card.key} ${name}`).toEqual(codes(fixed));
    }
  });
});
