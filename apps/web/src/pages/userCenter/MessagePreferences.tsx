// 消息接收设置 on 个人中心: every message source and whether it also comes by e-mail, by SMS and as a
// work notice in a chat tool
// (in-app messages always come). A mandatory source (security, legal, codes) stays on. Each switch is
// saved at once and the list read again; a refusal says why.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiFailure, request, useApi } from '@srm/platform-ui';

const PATH = '/api/message/v1/baseMessageReceiveRestful';

interface Preference {
  sourceCode: string;
  sourceName: string;
  category: 'MANDATORY' | 'OPTIONAL';
  emailFlag: 'Y' | 'N';
  smsFlag: 'Y' | 'N';
  chatFlag: 'Y' | 'N';
}

type Channel = 'emailFlag' | 'smsFlag' | 'chatFlag';

export function MessagePreferences() {
  const { t } = useTranslation();
  const api = useApi();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: ['message', 'preferences'],
    queryFn: async () => (await request<Preference[]>(api, `${PATH}/findMine`, {})).data,
  });
  const change = async (row: Preference, channel: Channel, on: boolean) => {
    try {
      await request(api, `${PATH}/saveMine`, { sourceCode: row.sourceCode, [channel]: on ? 'Y' : 'N' });
      void message.success(t('userCenter.messages.saved'));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['message', 'preferences'] });
    }
  };
  return (
    <Card size="small" title={t('userCenter.messages.title')} data-testid="message-preferences">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('userCenter.messages.hint')}
      </Typography.Paragraph>
      <Table<Preference>
        size="small"
        rowKey="sourceCode"
        pagination={false}
        loading={preferences.isLoading}
        dataSource={preferences.data ?? []}
        columns={[
          {
            key: 'source',
            title: t('userCenter.messages.source'),
            render: (_, row) => (
              <>
                {row.sourceName}
                {row.category === 'MANDATORY' && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    {t('userCenter.messages.mandatory')}
                  </Tag>
                )}
              </>
            ),
          },
          ...(
            [
              ['emailFlag', t('userCenter.messages.email')],
              ['smsFlag', t('userCenter.messages.sms')],
              ['chatFlag', t('userCenter.messages.chat')],
            ] as const
          ).map(([channel, label]) => ({
            key: channel,
            title: label,
            width: 96,
            render: (_: unknown, row: Preference) => (
              <Switch
                size="small"
                aria-label={`${row.sourceName} ${label}`}
                checked={row[channel] === 'Y'}
                disabled={row.category === 'MANDATORY'}
                onChange={(on) => void change(row, channel, on)}
              />
            ),
          })),
        ]}
      />
    </Card>
  );
}
