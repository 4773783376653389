import { describe, expect, it } from 'vitest';
import { MAX_OPEN_TABS } from '@srm/kernel';
import { EX_HOME, IN_HOME, TabStore, homePathOf, isHomePath, screenTitle, tabKey, tabUrl } from './tabs';

describe('the workspace tabs', () => {
  it('know a page again whatever the case of its path or the order of its query', () => {
    expect(tabKey('srmBaseDistrictEdit', '?mode=view&districtId=3')).toBe(
      tabKey('srmbasedistrictedit', '?districtId=3&mode=view'),
    );
    const store = new TabStore();
    const tab = store.open('srmBaseDistrictEdit', '?districtId=3');
    expect(store.findByKey('SRMBASEDISTRICTEDIT', '?districtId=3')).toBe(tab);
    expect(tabUrl(tab)).toBe('/main/srmBaseDistrictEdit?districtId=3');
  });

  it('hold at most 15 tabs, the pinned home among them', () => {
    const store = new TabStore();
    for (let i = 1; i < MAX_OPEN_TABS; i++) store.open('page', `?n=${i}`);
    expect(store.all).toHaveLength(MAX_OPEN_TABS);
    expect(store.full).toBe(true);
  });

  it('show the tab before a closed active tab, and never close home', () => {
    const store = new TabStore();
    const a = store.open('a', '');
    const b = store.open('b', '');
    store.open('c', '');
    store.activate(b.id);
    expect(store.close([b.id]).id).toBe(a.id);
    expect(store.close(store.all.map((tab) => tab.id)).id).toBe('home');
    expect(store.all.map((tab) => tab.id)).toEqual(['home']);
  });

  it('pin the home of the user’s side: inHome inside, exHome for supplier users', () => {
    expect(homePathOf('INTERNAL')).toBe(IN_HOME);
    expect(homePathOf('EXTERNAL')).toBe(EX_HOME);
    expect(new TabStore(EX_HOME).all[0]).toMatchObject({ id: 'home', path: 'exHome' });
    expect(isHomePath('/inhome')).toBe(true);
    expect(isHomePath('exHome')).toBe(true);
    expect(isHomePath('user')).toBe(false);
  });

  it('come back after a reload in their order, drawn when first shown, without their edits', () => {
    const stored = new Map<string, string>();
    const memory = { getItem: (key: string) => stored.get(key) ?? null, setItem: stored.set.bind(stored) };
    const before = new TabStore(IN_HOME, memory, 'srm.tabs.7');
    const order = before.open('purchaseOrderEdit', '?poHeaderId=3');
    before.update(order.id, { title: 'PO-0003', dirty: true });
    before.open('srmBaseDistrictList', '');

    const after = new TabStore(IN_HOME, memory, 'srm.tabs.7');
    expect(after.all.map((tab) => [tab.path, tab.search, tab.title, tab.dirty, !!tab.restored])).toEqual([
      [IN_HOME, '', null, false, false],
      ['purchaseOrderEdit', '?poHeaderId=3', 'PO-0003', false, true],
      ['srmBaseDistrictList', '', null, false, true],
    ]);
    after.activate(after.findByKey('purchaseOrderEdit', '?poHeaderId=3')!.id);
    expect(after.active.restored).toBe(false);
    expect(after.findByKey('srmBaseDistrictList', '')!.restored).toBe(true);
    // Another user's tabs and damaged storage bring nothing back.
    expect(new TabStore(IN_HOME, memory, 'srm.tabs.8').all).toHaveLength(1);
    stored.set('srm.tabs.7', '{not json');
    expect(new TabStore(IN_HOME, memory, 'srm.tabs.7').all).toHaveLength(1);
    stored.set('srm.tabs.7', JSON.stringify([{ path: 'inHome', search: '', title: null }, { path: 5 }]));
    expect(new TabStore(IN_HOME, memory, 'srm.tabs.7').all).toHaveLength(1);
  });

  it('show a screen’s title only in the language it was set in: a tab brought back after a change of language shows its registered title until drawn', () => {
    const stored = new Map<string, string>();
    const memory = { getItem: (key: string) => stored.get(key) ?? null, setItem: stored.set.bind(stored) };
    const before = new TabStore(IN_HOME, memory, 'srm.tabs.7');
    const order = before.open('purchaseOrderEdit', '?poHeaderId=3');
    before.update(order.id, { title: '采购订单 PO-0003', titleLocale: 'zh-CN' });
    const restored = new TabStore(IN_HOME, memory, 'srm.tabs.7').findByKey(
      'purchaseOrderEdit',
      '?poHeaderId=3',
    )!;
    expect(screenTitle(restored, 'zh-CN')).toBe('采购订单 PO-0003');
    expect(screenTitle(restored, 'en')).toBeNull();
    // Drawn again in English, the screen sets its title in English.
    const after = new TabStore(IN_HOME, memory, 'srm.tabs.7');
    after.update(after.findByKey('purchaseOrderEdit', '?poHeaderId=3')!.id, {
      title: 'Purchase order PO-0003',
      titleLocale: 'en',
    });
    expect(screenTitle(after.findByKey('purchaseOrderEdit', '?poHeaderId=3')!, 'en')).toBe(
      'Purchase order PO-0003',
    );
    // A title kept before titles had a language is shown as it is.
    const { titleLocale: _kept, ...older } = restored;
    expect(screenTitle(older, 'en')).toBe('采购订单 PO-0003');
  });
});
