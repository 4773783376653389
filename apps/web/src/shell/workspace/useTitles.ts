// Titles of menus and tabs: shell texts from the app's locale files, entity titles from the
// merged catalogue; both follow the language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '@srm/platform-ui';
import { HOME_PATH, type Tab } from './tabs';
import { screenRegistry } from './screens';

export function useTitles() {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const text = useCallback((key: string) => (i18n.exists(key) ? t(key) : labels.t(key)), [i18n, t, labels]);
  const tabTitle = useCallback(
    (tab: Tab) => {
      if (tab.title) return tab.title;
      if (tab.path === HOME_PATH) return t('shell.home');
      const entry = screenRegistry.find(tab.path);
      return entry ? text(entry.title) : t('shell.notFound');
    },
    [t, text],
  );
  return { text, tabTitle };
}
