// One tab's content, kept mounted while the tab is open: its screen (loaded lazily from the
// registry, the homes included), its own scroll area and its navigator.
import { type ComponentType, type LazyExoticComponent, memo, useCallback, useMemo } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScreenContext, type ScreenEntry, type ScreenNavigator, screenLoader } from '@srm/platform-ui';
import { lazyScreen, ScreenFrame } from '../lazyScreen';
import { ScreenLoading } from './loading';
import { screenRegistry } from './screens';
import type { Tab } from './tabs';

const components = new Map<ScreenEntry, LazyExoticComponent<ComponentType>>();

function componentOf(entry: ScreenEntry): LazyExoticComponent<ComponentType> {
  let component = components.get(entry);
  if (!component) {
    component = lazyScreen(screenLoader(entry));
    components.set(entry, component);
  }
  return component;
}

function UnknownScreen({ path, onClose }: { path: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('shell.notFound')}
      subTitle={t('shell.notFoundHint', { path })}
      extra={<Button onClick={onClose}>{t('shell.closeTab')}</Button>}
    />
  );
}

export interface TabPaneProps {
  tab: Tab;
  active: boolean;
  navigator: ScreenNavigator;
  registerScrollTop(id: string, scrollTop: (() => void) | null): void;
}

export const TabPane = memo(function TabPane({ tab, active, navigator, registerScrollTop }: TabPaneProps) {
  const entry = screenRegistry.find(tab.path);
  const value = useMemo(
    () => ({ ...navigator, params: new URLSearchParams(tab.search), active }),
    [navigator, tab.search, active],
  );
  const ref = useCallback(
    (element: HTMLDivElement | null) =>
      registerScrollTop(tab.id, element ? () => element.scrollTo({ top: 0 }) : null),
    [registerScrollTop, tab.id],
  );
  let content;
  // A tab brought back after a reload is drawn when it is first shown.
  if (tab.restored) content = null;
  else if (!entry) content = <UnknownScreen path={tab.path} onClose={navigator.close} />;
  else {
    const Screen = componentOf(entry);
    content = (
      <ScreenFrame key={tab.generation} fallback={<ScreenLoading />}>
        <Screen />
      </ScreenFrame>
    );
  }
  // The scroll area has no padding of its own: a sticky header (a document's, top 0) sticks at
  // the scroll area's inner edge, so padding there left a strip above the header through which
  // the scrolled content showed. The margin around the screen is the inner box's.
  return (
    <div
      ref={ref}
      role="tabpanel"
      data-route={tab.path}
      hidden={!active}
      style={{ height: '100%', overflow: 'auto' }}
    >
      <div style={{ padding: 12 }}>
        <ScreenContext.Provider value={value}>{content}</ScreenContext.Provider>
      </div>
    </div>
  );
});
