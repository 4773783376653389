// The current language: i18next, antd's locale and dayjs follow it; the choice is saved (the
// API client sends it as SAAF-Language). English texts and antd's English locale load when
// English is chosen (prepareLanguage), so a Chinese page loads no English.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { ConfigProvider } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useReducedMotion } from '@srm/platform-ui/core';
import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type LanguageCode, type Locale, MODAL_Z_INDEX, localeOf } from '@srm/kernel/texts';
import { i18n, loadTexts, saveLanguage, savedLanguage } from '../i18n';

let enUS: AntdLocale | undefined;

// The system's UI font, then the Chinese ones back offices use (PingFang, YaHei, Noto CJK): on a
// machine without Segoe UI or Roboto both languages draw in Noto Sans CJK rather than a wide
// fallback that wrapped English labels and cut off menu items at 1440 px.
const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'PingFang SC'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Noto Sans SC'",
  'sans-serif',
  "'Apple Color Emoji'",
  "'Segoe UI Emoji'",
].join(', ');

const preparers = new Set<(locale: Locale) => Promise<void>>();

/** Something else a language needs before it shows once this page uses it (the workspace's labels). */
export function prepareAlso(step: (locale: Locale) => Promise<void>): void {
  preparers.add(step);
}

/** Loads what a language needs before it shows: its texts and, for English, antd's locale. */
export async function prepareLanguage(code: LanguageCode): Promise<void> {
  const locale = localeOf(code);
  await Promise.all([loadTexts(locale), ...[...preparers].map((step) => step(locale))]);
  if (code === 'EN') enUS ??= (await import('antd/locale/en_US')).default;
}

interface LanguageState {
  language: LanguageCode;
  setLanguage(code: LanguageCode): void;
}

const LanguageContext = createContext<LanguageState>({ language: 'CN', setLanguage: () => {} });

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

function applyDayjs(code: LanguageCode) {
  dayjs.locale(code === 'EN' ? 'en' : 'zh-cn');
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [language, setState] = useState<LanguageCode>(() => {
    const code = savedLanguage();
    applyDayjs(code);
    document.documentElement.lang = code === 'EN' ? 'en' : 'zh-CN';
    return code;
  });
  const setLanguage = useCallback(
    (code: LanguageCode) => {
      saveLanguage(code);
      void prepareLanguage(code).then(() => {
        applyDayjs(code);
        void i18n.changeLanguage(localeOf(code));
        document.documentElement.lang = code === 'EN' ? 'en' : 'zh-CN';
        setState(code);
        // The server answers names in the reader's language (document types, units): what was
        // read in the other one is read again.
        void queryClient.invalidateQueries();
      });
    },
    [queryClient],
  );
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  const reducedMotion = useReducedMotion();
  return (
    <LanguageContext.Provider value={value}>
      <ConfigProvider
        locale={language === 'EN' ? (enUS ?? zhCN) : zhCN}
        theme={{
          token: {
            colorPrimary: '#1677ff',
            borderRadius: 4,
            fontFamily: FONT_FAMILY,
            motion: !reducedMotion,
          },
          // Modals (and confirmations) sit at the spec's z-index 1100.
          components: { Modal: { zIndexPopupBase: MODAL_Z_INDEX } },
        }}
      >
        {children}
      </ConfigProvider>
    </LanguageContext.Provider>
  );
}
