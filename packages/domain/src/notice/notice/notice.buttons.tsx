// The publisher's buttons on a saved notice (web). 预览 (noticePreview) shows it as a receiver
// will read it. 阅读情况 opens the read receipts of a published (or withdrawn) notice: totals,
// receivers filtered by what they have done, their replies, and 催阅 for those still waiting.
import { useState } from 'react';
import { BellOutlined, EyeOutlined, PaperClipOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  ConfigProvider,
  Drawer,
  Modal,
  Popover,
  Segmented,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { formatDateTime } from '@srm/kernel';
import {
  ApiFailure,
  AttachmentField,
  type EditButton,
  type EditButtonProps,
  request,
  useApi,
  useGranted,
  useLabels,
} from '@srm/platform-ui';
import { NoticeArticle } from '../receiver/NoticeArticle';
import { RECEIPT_FILTERS } from './receipts';

type Row = Record<string, unknown>;

function PreviewButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<EyeOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.t('srmNotice.preview')}
      </Button>
      <Modal
        open={open}
        width={900}
        title={labels.t('srmNotice.preview')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <div data-testid="notice-preview">
          <NoticeArticle
            notice={{ ...row, noticeTypeName: row.noticeTypeName ?? null }}
            attachments={
              row.attachmentIds ? <AttachmentField value={String(row.attachmentIds)} readOnly /> : null
            }
          />
        </div>
      </Modal>
    </>
  );
}

interface Receipts {
  totals: { receivers: number; read: number; confirmed: number; replied: number; waiting: number };
  rows: Row[];
}

const time = (value: unknown) => (typeof value === 'number' ? formatDateTime(value) : '');

function ReceiptsPanel({ entity, row }: { entity: EditButtonProps['entity']; row: Row }) {
  const api = useApi();
  const labels = useLabels();
  const may = useGranted();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [filter, setFilter] = useState<(typeof RECEIPT_FILTERS)[number]>('ALL');
  const [page, setPage] = useState({ index: 1, size: 20 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [reminding, setReminding] = useState(false);
  const noticeId = row[entity.key] as number;
  const key = ['notice', 'receipts', noticeId, filter, page.index, page.size];
  const receipts = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await request<Receipts>(api, `${entity.apiPath}/receipts`, {
        noticeId,
        filter,
        pageIndex: page.index,
        pageRows: page.size,
      });
      return { ...answer.data, count: answer.page?.count ?? 0 };
    },
  });
  const remind = () =>
    modal.confirm({
      title: labels.t(chosen.length ? 'srmNotice.remindChosen' : 'srmNotice.remindAll', {
        count: chosen.length || (receipts.data?.totals.waiting ?? 0),
      }),
      onOk: async () => {
        setReminding(true);
        try {
          const answer = await request<{ count: number }>(api, `${entity.apiPath}/doRemind`, {
            noticeId,
            ...(chosen.length ? { receiverIds: chosen } : {}),
          });
          void message.success(labels.t('srmNotice.remindedCount', { count: answer.data.count }));
          setChosen([]);
          await queryClient.invalidateQueries({ queryKey: ['notice', 'receipts', noticeId] });
        } catch (error) {
          if (!(error instanceof ApiFailure)) throw error;
          void message.error(error.message);
        } finally {
          setReminding(false);
        }
      },
    });
  const totals = receipts.data?.totals;
  const field = (name: string) => labels.t(`srmNoticeReceiver.${name}`);
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}
      data-testid="notice-receipts"
    >
      <Space size="large" wrap>
        {(['receivers', 'read', 'confirmed', 'replied', 'waiting'] as const).map((name) => (
          <Card key={name} size="small" style={{ minWidth: 128 }}>
            <Statistic title={labels.t(`srmNotice.receipts.${name}`)} value={totals?.[name] ?? 0} />
          </Card>
        ))}
      </Space>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Segmented
          value={filter}
          onChange={(value) => {
            setFilter(value as typeof filter);
            setPage((current) => ({ ...current, index: 1 }));
          }}
          options={RECEIPT_FILTERS.map((code) => ({
            value: code,
            label: labels.t(`lookup.SRM_NOTICE_RECEIPT_FILTER.${code}`),
          }))}
        />
        {row.status === 'PUBLISHED' && may(`${entity.name}.doRemind`) && (
          <Button icon={<BellOutlined />} loading={reminding} disabled={!totals?.waiting} onClick={remind}>
            {labels.action(entity.name, 'doRemind')}
          </Button>
        )}
      </Space>
      <Table<Row>
        size="small"
        rowKey="receiverId"
        loading={receipts.isFetching}
        dataSource={receipts.data?.rows ?? []}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys.map(Number)),
        }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: receipts.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => labels.t('ui.list.total', { total }),
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          { title: field('receiverName'), dataIndex: 'receiverName', width: 120, fixed: 'left' },
          { title: field('supplierName'), dataIndex: 'supplierName', width: 220, ellipsis: true },
          {
            title: field('firstReadAt'),
            dataIndex: 'firstReadAt',
            width: 160,
            render: (value: unknown) =>
              typeof value === 'number' ? (
                time(value)
              ) : (
                <Tag>{labels.t('lookup.SRM_NOTICE_RECEIPT_FILTER.UNREAD')}</Tag>
              ),
          },
          { title: field('lastReadAt'), dataIndex: 'lastReadAt', width: 160, render: time },
          { title: field('readCount'), dataIndex: 'readCount', width: 90, align: 'right' },
          { title: field('confirmedAt'), dataIndex: 'confirmedAt', width: 160, render: time },
          { title: field('repliedAt'), dataIndex: 'repliedAt', width: 160, render: time },
          {
            title: field('replyContent'),
            dataIndex: 'replyContent',
            width: 260,
            render: (value: unknown, receipt: Row) =>
              value ? (
                <>
                  <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
                    {String(value)}
                  </Typography.Paragraph>
                  {receipt.replyAttachmentIds ? (
                    <Popover
                      trigger="click"
                      content={
                        <div style={{ width: 560 }}>
                          <AttachmentField value={String(receipt.replyAttachmentIds)} readOnly />
                        </div>
                      }
                    >
                      <Button type="link" size="small" icon={<PaperClipOutlined />} style={{ padding: 0 }}>
                        {field('replyAttachmentIds')}
                      </Button>
                    </Popover>
                  ) : null}
                </>
              ) : null,
          },
          { title: field('remindCount'), dataIndex: 'remindCount', width: 90, align: 'right' },
        ]}
      />
    </div>
  );
}

function ReceiptsButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  if (!['PUBLISHED', 'WITHDRAWN'].includes(String(row.status))) return null;
  return (
    <>
      <Button icon={<TeamOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'receipts')}
      </Button>
      <Drawer
        open={open}
        width={1040}
        title={`${labels.action(entity.name, 'receipts')} · ${String(row.title ?? '')}`}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        {/* The panel's controls are its own, whatever the document's form allows. */}
        <ConfigProvider componentDisabled={false}>
          <ReceiptsPanel entity={entity} row={row} />
        </ConfigProvider>
      </Drawer>
    </>
  );
}

export const noticePreviewButton: EditButton = {
  key: 'preview',
  resource: 'srmNotice.view',
  component: PreviewButton,
};

export const noticeReceiptsButton: EditButton = {
  key: 'receipts',
  resource: 'srmNotice.view',
  component: ReceiptsButton,
};
