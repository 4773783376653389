// The landing page until the login page lands: the product name, the service status and the
// way into the workspace.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Layout, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LanguageCode } from '@srm/kernel';
import { apiPost } from '../api';
import { useLanguage } from '../shell/language';

interface Health {
  db: 'pglite' | 'postgres';
  version: string;
  migrations: { applied: number; latest: string | null };
}

export default function WelcomePage() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const navigate = useNavigate();
  const health = useQuery({ queryKey: ['health'], queryFn: () => apiPost<Health>('/api/base/health', {}) });
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <Layout.Content style={{ maxWidth: 880, margin: '64px auto', padding: '0 24px', width: '100%' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('app.name')}
          </Typography.Title>
          <Segmented
            value={language}
            onChange={(value) => setLanguage(value as LanguageCode)}
            options={[
              { label: t('language.CN'), value: 'CN' },
              { label: t('language.EN'), value: 'EN' },
            ]}
          />
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('app.tagline')}
        </Typography.Paragraph>
        <Button type="primary" size="large" onClick={() => navigate('/main')}>
          {t('shell.enter')}
        </Button>
        <Card title={t('app.status')} style={{ marginTop: 24 }} loading={health.isLoading}>
          {health.data ? (
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('app.status')}>
                <Tag color="success">{t('app.status.ok')}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('app.status.db')}>
                {t(`app.db.${health.data.db}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('app.status.version')}>{health.data.version}</Descriptions.Item>
              <Descriptions.Item label={t('app.status.migrations')}>
                {health.data.migrations.applied}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Tag color="error">{t('app.status.down')}</Tag>
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
