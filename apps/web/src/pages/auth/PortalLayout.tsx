// The frame of a public page with more to fill in than a sign-in card holds (completing a
// registration): the product's bar on top with the language switch, the page centred below.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './AuthLayout';
import './auth.css';

export interface PortalLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function PortalLayout({ title, subtitle, children }: PortalLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="srm-portal">
      <header className="srm-portal-bar">
        <Link to="/" className="srm-portal-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('app.name')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className="srm-portal-main">
        <section className="srm-auth-card">
          <h2>{title}</h2>
          <div className="srm-auth-card-subtitle">{subtitle}</div>
          {children}
        </section>
        <div className="srm-auth-footer" style={{ marginTop: 24 }}>
          {t('auth.copyright', { year: new Date().getFullYear() })}
        </div>
      </main>
    </div>
  );
}
