// The workspace at /main: menu on the left, top bar, tab bar, and the open screens (kept
// mounted, each scrolling inside the content area). Entity screens get the toolkit's
// providers: the app's HTTP client, the merged catalogue and the current language.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layout, Typography } from 'antd';
import { localeOf } from '@srm/kernel';
import { PlatformProvider } from '@srm/platform-ui';
import { apiCall } from '../../api';
import { useLanguage } from '../language';
import { LoadingBar, LoadingProvider } from './loading';
import { catalogue, resolveEntity } from './screens';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TabPane } from './TabPane';
import { TopBar } from './TopBar';
import { useTitles } from './useTitles';
import { useWorkspace } from './useWorkspace';

const api = { post: apiCall };

function WorkspaceLayout() {
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const { tabTitle } = useTitles();
  const [collapsed, setCollapsed] = useState(false);
  const active = workspace.tabs.find((tab) => tab.id === workspace.activeId) ?? workspace.tabs[0]!;
  const { go } = workspace;
  const open = useCallback((path: string) => go(path), [go]);
  const registerScrollTop = useCallback(
    (id: string, scrollTop: (() => void) | null) => {
      if (scrollTop) workspace.scrollTops.set(id, scrollTop);
      else workspace.scrollTops.delete(id);
    },
    [workspace.scrollTops],
  );
  const activeTitle = tabTitle(active);
  useEffect(() => {
    document.title = `${activeTitle} - ${t('app.name')}`;
  }, [activeTitle, t]);

  return (
    <Layout style={{ height: '100vh', overflow: 'hidden' }}>
      <Layout.Sider
        width={220}
        collapsedWidth={64}
        collapsed={collapsed}
        trigger={null}
        style={{ overflow: 'auto' }}
      >
        <div style={{ height: 48, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 }}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          {!collapsed && (
            <Typography.Text strong style={{ color: '#fff', fontSize: 18, letterSpacing: 1 }}>
              {t('app.shortName')}
            </Typography.Text>
          )}
        </div>
        <SideMenu collapsed={collapsed} activePath={active.path} onOpen={open} />
      </Layout.Sider>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        <TabBar workspace={workspace} />
        <LoadingProvider>
          {(loading) => (
            <main style={{ flex: 1, minHeight: 0, position: 'relative', background: '#f0f2f5' }}>
              <LoadingBar loading={loading} />
              {workspace.tabs.map((tab) => (
                <TabPane
                  key={tab.id}
                  tab={tab}
                  active={tab.id === workspace.activeId}
                  navigator={workspace.navigatorOf(tab.id)}
                  onOpen={open}
                  registerScrollTop={registerScrollTop}
                />
              ))}
            </main>
          )}
        </LoadingProvider>
      </div>
    </Layout>
  );
}

export default function Workspace() {
  const { language } = useLanguage();
  return (
    <PlatformProvider
      api={api}
      catalogue={catalogue}
      locale={localeOf(language)}
      resolveEntity={resolveEntity}
    >
      <WorkspaceLayout />
    </PlatformProvider>
  );
}
