// The tab bar under the top bar: the pinned home tab and the open screens; right-click a tab or
// use the menu at the right to refresh, close, close others or close all.
import { CloseOutlined, DownOutlined, HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Workspace } from './useWorkspace';
import { useTitles } from './useTitles';
import { tabUrl } from './tabs';

export function TabBar({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { tabTitle } = useTitles();
  const { tabs, activeId } = workspace;
  const menuOf = (id: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('shell.tabs.close'), disabled: id === 'home' },
      { key: 'closeOthers', label: t('shell.tabs.closeOthers'), disabled: tabs.length <= 2 && id !== 'home' },
      { key: 'closeAll', label: t('shell.tabs.closeAll'), disabled: tabs.length <= 1 },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') void workspace.refresh(id);
      if (key === 'close') void workspace.close([id]);
      if (key === 'closeOthers')
        void workspace.close(tabs.filter((tab) => tab.id !== id).map((tab) => tab.id));
      if (key === 'closeAll') void workspace.close(tabs.map((tab) => tab.id));
    },
  });
  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeId}
      // Every click, not antd's onChange: that fires only for a tab other than the one it last drew
      // as active, so 首页 then a document's tab clicked before 首页 was drawn lost the second click
      // and left 首页 showing. `go` compares with the browser's address, which is never behind.
      onTabClick={(id) => {
        const tab = workspace.store.find(id);
        if (tab) workspace.go(tab.path, tab.search);
      }}
      onEdit={(id, action) => {
        if (action === 'remove') void workspace.close([String(id)]);
      }}
      tabBarStyle={{ margin: 0, padding: '6px 12px 0', background: '#fff' }}
      tabBarExtraContent={{
        right: (
          <Dropdown menu={menuOf(activeId)} trigger={['click']}>
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('shell.tabs.more')} />
          </Dropdown>
        ),
      }}
      items={tabs.map((tab) => ({
        key: tab.id,
        closable: tab.id !== 'home',
        label: (
          <Dropdown menu={menuOf(tab.id)} trigger={['contextMenu']}>
            <span data-url={tabUrl(tab)}>
              {tab.id === 'home' && <HomeOutlined style={{ marginInlineEnd: 6 }} />}
              {tabTitle(tab)}
              {tab.dirty && (
                <span aria-hidden style={{ color: '#faad14', marginLeft: 4 }}>
                  ●
                </span>
              )}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
