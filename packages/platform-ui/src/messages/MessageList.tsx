// My messages (receiveMessageList, 站内信): unread first, then newest first, unread in bold,
// filter by read state and title, mark selected or all read, delete for me (after a confirm);
// clicking a title marks it read and opens what it is about, or, for a message that is about
// nothing else (a written one), shows it whole with its files.
import { formatDateTimeMinute } from '@srm/kernel';
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PaperClipOutlined } from '@ant-design/icons';
import {
  App,
  Badge,
  Button,
  Card,
  Divider,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AttachmentField } from '../attachments/AttachmentField';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useSession } from '../context/session';
import { useScreen } from '../screens/ScreenContext';
import { MESSAGES_ROUTE, SITE_MESSAGE, type SiteMessage, messageTarget } from './messages';

type ReadFilter = 'ALL' | 'N' | 'Y';
const time = (value: number | null | undefined) => (value ? formatDateTimeMinute(value) : '');

export function MessageListScreen() {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const session = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageIndex: 1, pageRows: 20 });
  const [readFlag, setReadFlag] = useState<ReadFilter>('ALL');
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [reading, setReading] = useState<SiteMessage | null>(null);
  const t = (key: string, params?: Record<string, string | number>) => labels.t(`ui.message.${key}`, params);
  const list = useQuery({
    queryKey: ['message', 'list', page, readFlag, title],
    queryFn: () =>
      request<SiteMessage[]>(api, `${SITE_MESSAGE}/findMyMessages`, {
        ...page,
        ...(readFlag === 'ALL' ? {} : { readFlag }),
        ...(title ? { title } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const markRead = async (ids: number[] | 'all') => {
    try {
      await request(
        api,
        `${SITE_MESSAGE}/${ids === 'all' ? 'doReadAll' : 'doRead'}`,
        ids === 'all' ? {} : { messageIds: ids },
      );
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: ['message'] });
    } catch (error) {
      void message.error(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  const remove = async (ids: number[]) => {
    try {
      const answer = await request<{ count: number }>(api, `${SITE_MESSAGE}/doDelete`, { messageIds: ids });
      void message.success(t('deleted', { count: answer.data.count }));
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      await queryClient.invalidateQueries({ queryKey: ['message'] });
    } catch (error) {
      void message.error(error instanceof ApiFailure ? error.message : String(error));
    }
  };
  const open = (row: SiteMessage) => {
    if (row.readFlag === 'N') void markRead([row.messageId]);
    const target = messageTarget(row, session.recordPath);
    // A message about nothing but itself (it links to this list) is read here, whole.
    if (target && target.path !== MESSAGES_ROUTE) screen.open(target.path, target.query);
    else setReading(row);
  };
  // Opened from the envelope for one message (?messageId=): shown whole once the list has it.
  const asked = Number(screen.params.get('messageId')) || null;
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    const row = asked === null ? undefined : list.data?.data.find((found) => found.messageId === asked);
    if (!row || shown === asked) return;
    setShown(asked);
    setReading(row);
    if (row.readFlag === 'N') void markRead([row.messageId]);
  }, [asked, list.data, shown]);
  const columns: ColumnsType<SiteMessage> = [
    {
      key: 'title',
      title: t('title'),
      render: (_, row) => (
        <Space size={6}>
          {row.readFlag === 'N' && <Badge status="processing" />}
          <Typography.Link strong={row.readFlag === 'N'} onClick={() => open(row)} data-testid="message-open">
            {row.title}
          </Typography.Link>
          {row.attachmentIds ? <PaperClipOutlined aria-label={t('files')} /> : null}
        </Space>
      ),
    },
    { key: 'content', title: t('content'), dataIndex: 'content', ellipsis: true },
    { key: 'created', title: t('received'), render: (_, row) => time(row.creationDate), width: 150 },
    {
      key: 'read',
      title: t('state'),
      render: (_, row) => (row.readFlag === 'Y' ? t('read') : t('unread')),
      width: 90,
    },
    {
      key: 'op',
      title: labels.t('ui.list.operation'),
      fixed: 'right',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          {row.readFlag === 'N' ? (
            <Button type="link" size="small" onClick={() => void markRead([row.messageId])}>
              {t('markRead')}
            </Button>
          ) : null}
          <Popconfirm title={t('deleteConfirm', { count: 1 })} onConfirm={() => remove([row.messageId])}>
            <Button type="link" size="small" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="message-list">
      <Card size="small">
        <Space wrap>
          <Segmented<ReadFilter>
            value={readFlag}
            options={[
              { value: 'ALL', label: t('all') },
              { value: 'N', label: t('unread') },
              { value: 'Y', label: t('read') },
            ]}
            onChange={(value) => {
              setReadFlag(value);
              setPage((current) => ({ ...current, pageIndex: 1 }));
            }}
          />
          <Input.Search
            allowClear
            placeholder={t('title')}
            style={{ width: 260 }}
            onSearch={(value) => {
              setTitle(value.trim());
              setPage((current) => ({ ...current, pageIndex: 1 }));
            }}
          />
        </Space>
      </Card>
      <Card size="small">
        <Space style={{ marginBottom: 8 }}>
          <Button disabled={!selected.length} onClick={() => void markRead(selected)}>
            {t('markSelectedRead')}
          </Button>
          <Button onClick={() => void markRead('all')}>{t('markAllRead')}</Button>
          <Popconfirm
            title={t('deleteConfirm', { count: selected.length })}
            disabled={!selected.length}
            onConfirm={() => remove(selected)}
          >
            <Button danger disabled={!selected.length}>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
        <Table<SiteMessage>
          size="small"
          rowKey="messageId"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
          }}
          locale={{ emptyText: t('empty') }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageRows,
            total: list.data?.page?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200, 500],
            showTotal: (total) => labels.t('ui.list.total', { total }),
            onChange: (pageIndex, pageRows) => setPage({ pageIndex, pageRows }),
          }}
        />
      </Card>
      <Modal
        open={reading !== null}
        width={720}
        title={reading?.title}
        footer={null}
        onCancel={() => setReading(null)}
        destroyOnHidden
      >
        {reading ? (
          <div data-testid="message-reader">
            <Typography.Text type="secondary">{time(reading.creationDate)}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12, fontSize: 15 }}>
              {reading.content}
            </Typography.Paragraph>
            {reading.attachmentIds ? (
              <>
                <Divider titlePlacement="start" plain>
                  {t('files')}
                </Divider>
                <AttachmentField value={reading.attachmentIds} readOnly />
              </>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </Space>
  );
}
