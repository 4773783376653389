// The left menu: the tree of the current responsibility's menus, a search box that narrows it,
// the active screen highlighted; collapsible to icons. A menu opens its screen with its menuId
// and the responsibility (respId), which scope the page's buttons.
import { type ReactNode, useMemo, useState } from 'react';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  DatabaseOutlined,
  SearchOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { ConfigProvider, Empty, Input, Menu, type MenuProps, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeName } from '@srm/platform-ui';
import { useMenu } from '../menu/menuSource';
import { type MenuNode, filterMenuTree, screenMenus } from '../menu/menuTree';

const ICONS: Record<string, ReactNode> = {
  database: <DatabaseOutlined />,
  setting: <SettingOutlined />,
  appstore: <AppstoreOutlined />,
  team: <TeamOutlined />,
  bank: <BankOutlined />,
  audit: <AuditOutlined />,
};

type Item = Required<MenuProps>['items'][number];

export interface SideMenuProps {
  collapsed: boolean;
  /** Route path and query of the active tab. */
  activePath: string;
  activeSearch: string;
  onOpen(path: string, search: string): void;
}

export function SideMenu({ collapsed, activePath, activeSearch, onOpen }: SideMenuProps) {
  const { t } = useTranslation();
  const menu = useMenu();
  const [search, setSearch] = useState('');
  const shown = filterMenuTree(menu.tree, search, (node) => node.name);
  const groups = shown.filter((node) => node.children.length).map((node) => String(node.menuId));
  const [open, setOpen] = useState<string[] | null>(null);
  const screens = useMemo(() => screenMenus(menu.tree), [menu.tree]);
  const toItem = (node: MenuNode): Item =>
    node.children.length || node.menuType === 'DIR'
      ? {
          key: String(node.menuId),
          icon: node.levelId <= 1 ? (ICONS[node.imageLink ?? ''] ?? <AppstoreOutlined />) : undefined,
          label: <MenuLabel name={node.name} />,
          children: node.children.map(toItem),
        }
      : { key: String(node.menuId), label: <MenuLabel name={node.name} />, title: node.name };
  const activeMenuId = new URLSearchParams(activeSearch).get('menuId');
  const selected = screens
    .filter((node) => routeName(node.url!) === routeName(activePath))
    .sort((a, b) => Number(String(b.menuId) === activeMenuId) - Number(String(a.menuId) === activeMenuId))
    .slice(0, 1)
    .map((node) => String(node.menuId));

  if (menu.loading) {
    return (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  return (
    <>
      {!collapsed && (
        <div style={{ padding: '12px 12px 4px' }}>
          <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('shell.menuSearch')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              variant="filled"
              aria-label={t('shell.menuSearch')}
            />
          </ConfigProvider>
        </div>
      )}
      {!shown.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span style={{ color: 'rgba(255,255,255,0.65)' }}>
              {t(search ? 'shell.menuEmpty' : 'shell.menuNone')}
            </span>
          }
        />
      ) : (
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected}
          openKeys={
            collapsed ? undefined : search ? groups : (open ?? menu.tree.map((node) => String(node.menuId)))
          }
          onOpenChange={(keys) => {
            // A collapsed menu opens groups as pop-ups: keep the expanded menu's choice.
            if (!collapsed && !search) setOpen(keys);
          }}
          items={shown.map(toItem)}
          onClick={({ key }) => {
            const node = screens.find((item) => String(item.menuId) === key);
            if (!node?.url) return;
            const params = new URLSearchParams({ menuId: key });
            if (menu.respId !== null) params.set('respId', String(menu.respId));
            onOpen(node.url, `?${params.toString()}`);
          }}
        />
      )}
    </>
  );
}

/**
 * A menu entry's name in full: a long one (Sources and agreements) takes a second line in the
 * item's height instead of being cut off with an ellipsis.
 */
function MenuLabel({ name }: { name: string }) {
  return (
    <span
      title={name}
      style={{ display: 'inline-block', whiteSpace: 'normal', lineHeight: '17px', verticalAlign: 'middle' }}
    >
      {name}
    </span>
  );
}
