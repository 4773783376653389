// The left menu: the tree of the menu source, a search box that narrows it, the active
// screen highlighted; collapsible to icons.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutlined, DatabaseOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { ConfigProvider, Empty, Input, Menu, type MenuProps, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeName } from '@srm/platform-ui';
import { loadMenu } from '../menu/menuSource';
import { type MenuNode, buildMenuTree, filterMenuTree } from '../menu/menuTree';
import { screenRegistry } from './screens';
import { useTitles } from './useTitles';

const ICONS: Record<string, React.ReactNode> = {
  database: <DatabaseOutlined />,
  setting: <SettingOutlined />,
  appstore: <AppstoreOutlined />,
};

type Item = Required<MenuProps>['items'][number];

export interface SideMenuProps {
  collapsed: boolean;
  activePath: string;
  onOpen(path: string): void;
}

export function SideMenu({ collapsed, activePath, onOpen }: SideMenuProps) {
  const { t } = useTranslation();
  const { text } = useTitles();
  const [search, setSearch] = useState('');
  const menu = useQuery({ queryKey: ['menu'], queryFn: () => loadMenu(screenRegistry), staleTime: Infinity });
  const tree = useMemo(() => buildMenuTree(menu.data ?? []), [menu.data]);
  const shown = filterMenuTree(tree, search, (node) => text(node.name));
  const groups = shown.filter((node) => node.children.length).map((node) => node.menuId);
  const [open, setOpen] = useState<string[] | null>(null);
  const toItem = (node: MenuNode): Item =>
    node.children.length || node.menuType === 'directory'
      ? {
          key: node.menuId,
          icon: node.imageLink ? ICONS[node.imageLink] : undefined,
          label: text(node.name),
          children: node.children.map(toItem),
        }
      : { key: node.menuId, label: text(node.name), title: text(node.name) };
  const urls = new Map<string, string>();
  const collect = (nodes: readonly MenuNode[]) =>
    nodes.forEach((node) => {
      if (node.url) urls.set(node.menuId, node.url);
      collect(node.children);
    });
  collect(tree);
  const selected = [...urls].filter(([, url]) => routeName(url) === routeName(activePath)).map(([id]) => id);

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
      {search && !shown.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span style={{ color: 'rgba(255,255,255,0.65)' }}>{t('shell.menuEmpty')}</span>}
        />
      ) : (
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected}
          openKeys={collapsed ? undefined : search ? groups : (open ?? tree.map((node) => node.menuId))}
          onOpenChange={(keys) => {
            // A collapsed menu opens groups as pop-ups: keep the expanded menu's choice.
            if (!collapsed && !search) setOpen(keys);
          }}
          items={shown.map(toItem)}
          onClick={({ key }) => {
            const url = urls.get(key);
            if (url) onOpen(url);
          }}
        />
      )}
    </>
  );
}
