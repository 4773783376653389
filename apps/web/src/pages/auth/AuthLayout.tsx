// The frame of the pages outside the workspace: the product's brand panel (name, tagline, what
// the platform covers) on the left, the language switch and the page's card on the right, with
// what a page shows under its card (the login page's help and news).
import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  FileProtectOutlined,
  SafetyCertificateOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@srm/kernel/texts';
import { useLanguage } from '../../shell/language';
import './auth.css';

const FEATURES = [
  { key: 'lifecycle', icon: <ApartmentOutlined /> },
  { key: 'purchasing', icon: <ShoppingCartOutlined /> },
  { key: 'sourcing', icon: <FileProtectOutlined /> },
  { key: 'security', icon: <SafetyCertificateOutlined /> },
];

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Segmented
      size="small"
      value={language}
      onChange={(value) => setLanguage(value as LanguageCode)}
      options={[
        { label: t('language.CN'), value: 'CN' },
        { label: t('language.EN'), value: 'EN' },
      ]}
      aria-label={t('shell.language')}
    />
  );
}

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Width of the card. */
  width?: number;
  children: ReactNode;
  /** Shown under the card, as wide as it. */
  below?: ReactNode;
}

export function AuthLayout({ title, subtitle, width = 420, children, below }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="srm-auth">
      <aside className="srm-auth-brand">
        <div className="srm-auth-logo">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{t('app.name')}</span>
        </div>
        <h1 className="srm-auth-headline">{t('auth.headline')}</h1>
        <p className="srm-auth-tagline">{t('auth.tagline')}</p>
        <ul className="srm-auth-features">
          {FEATURES.map((feature) => (
            <li key={feature.key}>
              <span className="srm-auth-feature-icon">{feature.icon}</span>
              <span>
                <div className="srm-auth-feature-title">{t(`auth.feature.${feature.key}.title`)}</div>
                <div className="srm-auth-feature-text">{t(`auth.feature.${feature.key}.text`)}</div>
              </span>
            </li>
          ))}
        </ul>
        <div className="srm-auth-copyright">{t('auth.copyright', { year: new Date().getFullYear() })}</div>
      </aside>
      <div className="srm-auth-main">
        <div className="srm-auth-toolbar">
          <LanguageSwitch />
        </div>
        <div className="srm-auth-center">
          {/* What shows below hangs under the card and never moves it: the login page's help
              arrives a moment after the page, and a card jumping up as it does takes the click
              meant for 登录. */}
          <div className="srm-auth-stack" style={{ maxWidth: width }}>
            <section className="srm-auth-card">
              <h2>{title}</h2>
              <div className="srm-auth-card-subtitle">{subtitle}</div>
              {children}
            </section>
            {below ? <div className="srm-auth-below">{below}</div> : null}
          </div>
        </div>
        <div className="srm-auth-footer">{t('auth.footer')}</div>
      </div>
    </div>
  );
}
