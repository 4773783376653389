// Titles of menus and tabs: shell texts from the app's locale files, entity titles from the
// merged catalogue, and a screen opened from the menu is titled like its menu entry (the server
// names menus in the current language); all follow the language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { routeName, useLabels } from '@srm/platform-ui';
import { useMenu } from '../menu/menuSource';
import { HOME_ID, type Tab, screenTitle } from './tabs';
import { screenRegistry } from './screens';

export function useTitles() {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const { items } = useMenu();
  const text = useCallback((key: string) => (i18n.exists(key) ? t(key) : labels.t(key)), [i18n, t, labels]);
  const tabTitle = useCallback(
    (tab: Tab) => {
      const title = screenTitle(tab, i18n.language);
      if (title) return title;
      if (tab.id === HOME_ID) return t('shell.home');
      const menuId = Number(new URLSearchParams(tab.search).get('menuId'));
      const menu = menuId ? items.find((item) => item.menuId === menuId) : undefined;
      if (menu?.url && routeName(menu.url) === routeName(tab.path)) return menu.name;
      const entry = screenRegistry.find(tab.path);
      return entry ? text(entry.title) : t('shell.notFound');
    },
    [t, i18n, text, items],
  );
  return { text, tabTitle };
}
