// 菜单与按钮权限 on a role's edit page: one tree of every menu with its buttons instead of two
// grids of ids. Checking a button checks its menu and directory; checking a menu checks all its
// buttons. The checked menus and buttons become the role's `menus` and `resources` lines.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Form, Input, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { menu, resource } from '@srm/kernel';
import { useApi } from '../context/api';
import { fetchAll } from '../context/fetchAll';
import { useLabels } from '../context/labels';
import type { LinesEditor, LinesEditorProps } from '../edit/extensions';
import { type TreeNode, toggleChecked, treeLinks } from '../tree/tree';
import {
  type MenuRow,
  type PermissionItem,
  type ResourceRow,
  filterPermissionTree,
  idOf,
  menuKey,
  permissionTree,
  resourceKey,
} from './permissionTree';

type Line = Record<string, unknown>;

function usePermissionData() {
  const api = useApi();
  return useQuery({
    queryKey: ['entity', menu.name, 'permissionTree'],
    queryFn: async () => {
      const [menus, resources] = await Promise.all([
        fetchAll<MenuRow>(api, `${menu.apiPath}/listByPage`, { enabled: 'Y' }),
        fetchAll<ResourceRow>(api, `${resource.apiPath}/listByPage`, { enabledFlag: 'Y' }),
      ]);
      return { menus, resources };
    },
    staleTime: 60_000,
  });
}

function keysOf(
  nodes: readonly TreeNode<PermissionItem>[],
  keep: (node: TreeNode<PermissionItem>) => boolean,
) {
  const out: string[] = [];
  const walk = (list: readonly TreeNode<PermissionItem>[]) =>
    list.forEach((node) => {
      if (keep(node)) out.push(node.key);
      walk(node.children);
    });
  walk(nodes);
  return out;
}

function RolePermissions({ form, editable, onChanged }: LinesEditorProps) {
  const labels = useLabels();
  const data = usePermissionData();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const menuLines = ((Form.useWatch('menus', { form, preserve: true }) as Line[] | undefined) ?? []).filter(
    (line) => line.menuId != null,
  );
  const resourceLines = (
    (Form.useWatch('resources', { form, preserve: true }) as Line[] | undefined) ?? []
  ).filter((line) => line.resourceId != null);

  const tree = useMemo(
    () =>
      data.data
        ? permissionTree(data.data.menus, data.data.resources, labels.locale, (side) =>
            labels.t(`ui.permissions.side.${side}`),
          )
        : [],
    [data.data, labels],
  );
  const links = useMemo(() => treeLinks(tree), [tree]);
  const checked = useMemo(() => {
    const keys = new Set<string>();
    for (const line of menuLines) keys.add(menuKey(Number(line.menuId)));
    for (const line of resourceLines) keys.add(resourceKey(Number(line.resourceId)));
    return keys;
  }, [menuLines, resourceLines]);
  const shown = filterPermissionTree(tree, search);
  const defaultExpanded = keysOf(tree, (node) => node.item.kind === 'side' || node.item.kind === 'dir');
  const expandedKeys = search
    ? keysOf(shown, (node) => node.children.length > 0)
    : (expanded ?? defaultExpanded);

  const toggle = (key: string, on: boolean) => {
    const next = toggleChecked(links, checked, key, on);
    const byMenu = new Map(menuLines.map((line) => [Number(line.menuId), line]));
    const byResource = new Map(resourceLines.map((line) => [Number(line.resourceId), line]));
    const menus: Line[] = [];
    const resources: Line[] = [];
    for (const item of next) {
      const menuId = idOf(item, 'm');
      if (menuId !== null) menus.push(byMenu.get(menuId) ?? { menuId });
      const resourceId = idOf(item, 'r');
      if (resourceId !== null) resources.push(byResource.get(resourceId) ?? { resourceId });
    }
    form.setFieldValue('menus', menus);
    form.setFieldValue('resources', resources);
    onChanged();
  };

  const toData = (node: TreeNode<PermissionItem>): DataNode => ({
    key: node.key,
    title: (
      <span data-code={node.item.code}>
        {node.item.title}
        {node.item.kind === 'resource' && (
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {node.item.code}
          </Typography.Text>
        )}
        {node.item.kind === 'dir' && (
          <Tag style={{ marginLeft: 8 }} variant="filled">
            {labels.t('ui.permissions.directory')}
          </Tag>
        )}
      </span>
    ),
    children: node.children.map(toData),
  });

  return (
    <Card
      size="small"
      title={labels.t('ui.permissions.title')}
      extra={
        <Typography.Text type="secondary">
          {labels.t('ui.permissions.count', {
            menus: menuLines.length,
            resources: resourceLines.length,
          })}
        </Typography.Text>
      }
    >
      {data.error ? (
        <Alert type="error" showIcon title={(data.error as Error).message} />
      ) : data.isLoading ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Typography.Text type="secondary">{labels.t('ui.permissions.hint')}</Typography.Text>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={labels.t('ui.permissions.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 360 }}
          />
          {shown.length ? (
            <div
              style={{
                maxHeight: 520,
                overflow: 'auto',
                border: '1px solid #f0f0f0',
                borderRadius: 4,
                padding: 8,
              }}
            >
              <Tree
                checkable
                checkStrictly
                selectable={false}
                disabled={!editable}
                checkedKeys={[...checked]}
                expandedKeys={expandedKeys}
                onExpand={(keys) => {
                  if (!search) setExpanded(keys.map(String));
                }}
                onCheck={(_keys, info) => toggle(String(info.node.key), info.checked)}
                treeData={shown.map(toData)}
              />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={labels.t('ui.permissions.none')} />
          )}
        </Space>
      )}
    </Card>
  );
}

/** The role's permission tree, taking over its `menus` and `resources` lines. */
export const rolePermissionsEditor: LinesEditor = {
  collections: ['menus', 'resources'],
  component: RolePermissions,
};
