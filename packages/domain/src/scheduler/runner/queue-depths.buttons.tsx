// 队列状态 on the nodes list (the status tab): each queue's jobs waiting, running and failed in
// the last day, and the requests not completed by phase and status, read when opened and again
// on 刷新.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DashboardOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { type ListButton, type ListButtonProps, request, useApi, useLabels } from '@srm/platform-ui';

interface Depths {
  readonly queues: readonly { queue: string; waiting: number; active: number; failedToday: number }[];
  readonly requests: readonly { phase: string; status: string; count: number }[];
}

function QueueDepthsButton({ entity }: ListButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const depths = useQuery({
    queryKey: ['entity', entity.name, 'queueDepths'],
    queryFn: async () => (await request<Depths>(api, `${entity.apiPath}/findQueueDepths`, {})).data,
    enabled: open,
    staleTime: 0,
  });
  const t = (key: string) => labels.t(`scheduler.depths.${key}`);
  return (
    <>
      <Button icon={<DashboardOutlined />} onClick={() => setOpen(true)}>
        {t('title')}
      </Button>
      {open && (
        <Modal
          open
          width={720}
          title={t('title')}
          onCancel={() => setOpen(false)}
          footer={
            <Space>
              <Button
                icon={<ReloadOutlined />}
                loading={depths.isFetching}
                onClick={() => void depths.refetch()}
              >
                {t('refresh')}
              </Button>
              <Button type="primary" onClick={() => setOpen(false)}>
                {t('close')}
              </Button>
            </Space>
          }
        >
          <Typography.Title level={5}>{t('queues')}</Typography.Title>
          <Table
            size="small"
            rowKey="queue"
            pagination={false}
            loading={depths.isLoading}
            dataSource={[...(depths.data?.queues ?? [])]}
            columns={[
              { title: t('queue'), dataIndex: 'queue' },
              { title: t('waiting'), dataIndex: 'waiting', align: 'right' },
              { title: t('active'), dataIndex: 'active', align: 'right' },
              { title: t('failedToday'), dataIndex: 'failedToday', align: 'right' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('requests')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(row) => `${row.phase}/${row.status}`}
            pagination={false}
            loading={depths.isLoading}
            dataSource={[...(depths.data?.requests ?? [])]}
            columns={[
              {
                title: t('phase'),
                dataIndex: 'phase',
                render: (code: string) => labels.code('BASE_REQUEST_PHASE', code),
              },
              {
                title: t('status'),
                dataIndex: 'status',
                render: (code: string) => labels.code('BASE_REQUEST_STATUS', code),
              },
              { title: t('count'), dataIndex: 'count', align: 'right' },
            ]}
          />
        </Modal>
      )}
    </>
  );
}

export const queueDepthsButton: ListButton = {
  key: 'findQueueDepths',
  resource: 'baseSchedulerNode.view',
  component: QueueDepthsButton,
};
