// The workspace at /main: menu on the left, top bar, tab bar, and the open screens (kept
// mounted, each scrolling inside the content area). It needs the signed-in user (/auth/current):
// the home tab follows the user's side, the screens get the toolkit's providers (the app's HTTP
// client, the merged catalogue, the language, the side and the granted buttons), a password
// someone else set must be changed first, the heartbeat keeps the session alive, and the
// websocket hub's hints refresh the message badge without a reload.
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Layout, Result, Spin, Typography } from 'antd';
import { localeOf } from '@srm/kernel';
import { PlatformProvider, RealtimeProvider, messageTarget, preloadEntityPages } from '@srm/platform-ui';
import { apiPost } from '../../api';
import { AUTH, signOut } from '../../auth/authApi';
import { updateSession, useStoredSession } from '../../auth/session';
import { type Current, useCurrent, useGrantedSet } from '../../auth/useCurrent';
import { useHeartbeat } from '../../auth/useHeartbeat';
import { platformApi } from '../../platformApi';
import { useLanguage } from '../language';
import { ChangePasswordModal } from '../password/ChangePasswordModal';
import { LoadingBar, LoadingProvider } from './loading';
import { recordPath, resolveEntity } from './screens';
import { useLabels } from '../labels';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TabPane } from './TabPane';
import { homePathOf } from './tabs';
import { toSearch } from './useWorkspace';
import { TopBar } from './TopBar';
import { useTitles } from './useTitles';
import { useWorkspace } from './useWorkspace';

function WorkspaceLayout({ current }: { current: Current }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { message } = App.useApp();
  const session = useStoredSession();
  const workspace = useWorkspace(homePathOf(current.user.userType), current.user.userId);
  const queryClient = useQueryClient();
  const { tabTitle } = useTitles();
  const [collapsed, setCollapsed] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [switching, setSwitching] = useState(false);
  const active = workspace.tabs.find((tab) => tab.id === workspace.activeId) ?? workspace.tabs[0]!;
  const { go } = workspace;
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

  const switchResponsibility = async (responsibilityId: number) => {
    setSwitching(true);
    try {
      await apiPost(`${AUTH}/switchResponsibility`, { responsibilityId });
      updateSession({ responsibilityId });
      // Menus, buttons and what may be read all changed: everything cached is reloaded.
      await queryClient.invalidateQueries();
      const closed = workspace.resetTabs();
      const name = current.responsibilities.find((r) => r.responsibilityId === responsibilityId);
      void message.success(
        t(closed ? 'shell.responsibility.switchedClosed' : 'shell.responsibility.switched', {
          name: name?.responsibilityName ?? '',
          count: closed,
        }),
      );
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setSwitching(false);
    }
  };

  const forced = !!session?.mustChangePassword;
  return (
    <Layout style={{ height: '100vh', overflow: 'hidden' }}>
      <Layout.Sider
        // English menu names run longer.
        width={language === 'EN' ? 248 : 220}
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
        <SideMenu
          collapsed={collapsed}
          activePath={active.path}
          activeSearch={active.search}
          onOpen={(path, search) => go(path, search)}
        />
      </Layout.Sider>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          collapsed={collapsed}
          onToggle={() => setCollapsed(!collapsed)}
          current={current}
          switching={switching}
          onSwitchResponsibility={(id) => void switchResponsibility(id)}
          onUserCenter={() => go('userCenter')}
          onChangePassword={() => setChangingPassword(true)}
          onSignOut={() => void signOut()}
          onOpenTask={(task) => {
            const path = recordPath(task.entityName);
            if (path) go(path, toSearch({ [task.documentKey]: task.documentId }));
          }}
          onOpenPending={() =>
            go(current.user.userType === 'EXTERNAL' ? 'supplierPendingList' : 'myApproval')
          }
          onOpenMessage={(message) => {
            const target = messageTarget(message, recordPath);
            if (target) go(target.path, toSearch(target.query));
          }}
          onOpenMessages={() => go('receiveMessageList')}
        />
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
                  registerScrollTop={registerScrollTop}
                />
              ))}
            </main>
          )}
        </LoadingProvider>
      </div>
      <ChangePasswordModal
        open={forced || changingPassword}
        forced={forced}
        onClose={() => setChangingPassword(false)}
        onSignOut={() => void signOut()}
      />
    </Layout>
  );
}

function CurrentFailed({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('shell.currentFailed')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('chunk.reload')}
        </Button>
      }
    />
  );
}

export default function Workspace() {
  const { language } = useLanguage();
  const current = useCurrent();
  const granted = useGrantedSet(current.data);
  useHeartbeat();
  const ready = !!current.data;
  useEffect(() => {
    // The lists' code loads after the workspace is drawn, while the user reads the home.
    if (!ready) return;
    const timer = setTimeout(preloadEntityPages, 1000);
    return () => clearTimeout(timer);
  }, [ready]);
  const labels = useLabels(localeOf(language));
  if (current.error && !current.data) return <CurrentFailed error={current.error} />;
  if (labels.error) return <CurrentFailed error={labels.error} />;
  if (!current.data || !labels.catalogue) {
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <PlatformProvider
      api={platformApi}
      catalogue={labels.catalogue}
      locale={localeOf(language)}
      side={current.data.user.userType === 'EXTERNAL' ? 'supplier' : 'internal'}
      granted={granted}
      timeZone={current.data.timeZone}
      userFullName={current.data.user.userFullName}
      userId={current.data.user.userId}
      resolveEntity={resolveEntity}
      recordPath={recordPath}
    >
      <RealtimeProvider api={platformApi}>
        <WorkspaceLayout current={current.data} />
      </RealtimeProvider>
    </PlatformProvider>
  );
}
