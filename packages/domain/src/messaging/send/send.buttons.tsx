// 送达情况 on a sent message (web): each recipient with their supplier, whether and when they read
// it and how its e-mail went, the unread first; a count of read and unread above. Read when the
// drawer opens, so a reader who opened it a minute ago shows as read.
import { useState } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Drawer, Space, Statistic, Table, Tag } from 'antd';
import { formatDateTime } from '@srm/kernel';
import { type EditButton, type EditButtonProps, request, useApi, useLabels } from '@srm/platform-ui';
import type { Delivery } from './send.actions';

function DeliveriesPanel({ entity, sendId }: { entity: EditButtonProps['entity']; sendId: number }) {
  const api = useApi();
  const labels = useLabels();
  const deliveries = useQuery({
    queryKey: ['messageDeliveries', sendId],
    queryFn: async () => (await request<Delivery[]>(api, `${entity.apiPath}/deliveries`, { sendId })).data,
  });
  const rows = [...(deliveries.data ?? [])].sort((a, b) =>
    a.readFlag === b.readFlag ? 0 : a.readFlag === 'N' ? -1 : 1,
  );
  const read = rows.filter((row) => row.readFlag === 'Y').length;
  const t = (key: string) => labels.t(`baseMessageSend.delivery.${key}`);
  return (
    <div data-testid="message-deliveries">
      <Space size={48} style={{ marginBottom: 16 }}>
        <Statistic title={t('recipients')} value={rows.length} />
        <Statistic title={t('read')} value={read} />
        <Statistic title={t('unread')} value={rows.length - read} />
      </Space>
      <Table<Delivery>
        size="small"
        rowKey="userId"
        loading={deliveries.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          {
            title: t('user'),
            render: (_, row) =>
              labels.locale === 'en'
                ? `${row.userFullName} (${row.userName})`
                : `${row.userFullName}（${row.userName}）`,
          },
          {
            title: t('supplier'),
            dataIndex: 'supplierName',
            render: (value: string | null) => value ?? t('internal'),
          },
          {
            title: t('readState'),
            dataIndex: 'readFlag',
            width: 100,
            render: (value: string) =>
              value === 'Y' ? <Tag color="success">{t('read')}</Tag> : <Tag>{t('unread')}</Tag>,
          },
          {
            title: t('readDate'),
            dataIndex: 'readDate',
            width: 170,
            render: (value: number | null) => (value === null ? '' : formatDateTime(value)),
          },
          {
            title: t('email'),
            dataIndex: 'emailState',
            width: 120,
            render: (value: string | null) =>
              value ? labels.code('BASE_MESSAGE_INSTANCE_STATE', value) : '—',
          },
        ]}
      />
    </div>
  );
}

function DeliveriesButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  if (row.status !== 'SENT') return null;
  return (
    <>
      <Button icon={<TeamOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'deliveries')}
      </Button>
      <Drawer
        open={open}
        width={960}
        title={`${labels.action(entity.name, 'deliveries')} · ${String(row.title ?? '')}`}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        {/* The panel's controls are its own, whatever the document's form allows. */}
        <ConfigProvider componentDisabled={false}>
          <DeliveriesPanel entity={entity} sendId={Number(row.sendId)} />
        </ConfigProvider>
      </Drawer>
    </>
  );
}

export const deliveriesButton: EditButton = {
  key: 'deliveries',
  resource: 'baseMessageSend.view',
  component: DeliveriesButton,
};
