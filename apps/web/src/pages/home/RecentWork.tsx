// 最近处理: the documents the user touched last (/auth/recentWork, only those it may still
// read), each opening its edit screen when one is registered for its entity.
import { formatDateTimeMinute } from '@srm/kernel';
import { useQuery } from '@tanstack/react-query';
import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldDisplay, useLabels, useScreen, useSession } from '@srm/platform-ui';
import { apiPost } from '../../api';
import { AUTH } from '../../auth/authApi';
import { useMenu } from '../../shell/menu/menuSource';
import { HomeSection } from './HomeSection';
import { recordTarget } from './openRecord';

export interface RecentItem {
  entity: string;
  recordId: number;
  key: string;
  title: string | number | null;
  status: string | null;
  action: string;
  at: number;
}

export function RecentWork() {
  const { t } = useTranslation();
  const labels = useLabels();
  const screen = useScreen();
  const { items: menus, respId } = useMenu();
  const recent = useQuery({
    queryKey: ['auth', 'recentWork'],
    queryFn: () => apiPost<RecentItem[]>(`${AUTH}/recentWork`, {}),
    staleTime: 30_000,
  });
  const rows = recent.data ?? [];
  // The definitions of the entities listed: their status shows as their lists show it.
  const { resolveEntity } = useSession();
  const names = [...new Set(rows.map((row) => row.entity))].sort();
  const definitions = useQuery({
    queryKey: ['home', 'recentDefinitions', names],
    queryFn: async () =>
      new Map(await Promise.all(names.map(async (name) => [name, await resolveEntity(name)] as const))),
    enabled: names.length > 0,
    staleTime: Infinity,
  });
  const open = (item: RecentItem) => {
    const target = recordTarget(item.entity, item.key, item.recordId, menus);
    if (target) screen.open(target.path, { ...target.params, ...(respId !== null ? { respId } : {}) });
  };

  return (
    <HomeSection
      title={t('home.recent.title')}
      icon={<HistoryOutlined />}
      testId="recent-work"
      empty={!recent.isLoading && !recent.error && !rows.length ? t('home.recent.empty') : undefined}
    >
      {recent.error ? (
        <Alert type="error" showIcon title={(recent.error as Error).message} />
      ) : recent.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((item) => {
            const target = recordTarget(item.entity, item.key, item.recordId, menus);
            const title = item.title == null || item.title === '' ? `#${item.recordId}` : String(item.title);
            return (
              <li
                key={`${item.entity}:${item.recordId}`}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '8px 0',
                  borderBottom: '1px solid #f5f5f5',
                }}
              >
                <Tag variant="filled">{labels.entity(item.entity)}</Tag>
                {target ? (
                  <Typography.Link onClick={() => open(item)}>{title}</Typography.Link>
                ) : (
                  <Typography.Text>{title}</Typography.Text>
                )}
                {item.status && definitions.data?.get(item.entity)?.fields.status && (
                  <FieldDisplay
                    name="status"
                    field={definitions.data.get(item.entity)!.fields.status!}
                    value={item.status}
                  />
                )}
                <Typography.Text type="secondary">{labels.action(item.entity, item.action)}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                  {formatDateTimeMinute(item.at)}
                </Typography.Text>
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
