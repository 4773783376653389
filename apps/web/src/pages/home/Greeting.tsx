// The greeting at the top of a home: the time of day, the user, the current responsibility (or,
// for a supplier user, the company) and today's date in the current language.
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Current } from '../../auth/useCurrent';

export function partOfDay(hour: number): 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour < 11) return 'morning';
  if (hour < 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export function Greeting({ current, extra }: { current: Current; extra?: ReactNode }) {
  const { t } = useTranslation();
  const now = dayjs();
  const responsibility = current.responsibilities.find(
    (r) => r.responsibilityId === current.responsibilityId,
  );
  return (
    <Card size="small" styles={{ body: { padding: '20px 24px' } }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Avatar size={52} icon={<UserOutlined />} style={{ background: '#1677ff', flex: '0 0 auto' }} />
        <div style={{ flex: 1, minWidth: 240 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="greeting">
            {t(`home.greeting.${partOfDay(now.hour())}`, { name: current.user.userFullName })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {current.user.supplierName
              ? t('home.company', { company: current.user.supplierName })
              : t('home.responsibility', { name: responsibility?.responsibilityName ?? '—' })}
            <span style={{ margin: '0 8px' }}>·</span>
            {now.format(t('home.dateFormat'))}
          </Typography.Text>
        </div>
        {extra}
      </div>
    </Card>
  );
}
