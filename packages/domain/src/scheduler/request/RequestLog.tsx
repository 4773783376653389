// 查看日志: a request's log in a dialog — each line's time, run, level and message, read with
// findLog a page of 1,000 lines at a time (pages appear only when the log is longer); 刷新 reads
// the page again while the request is still writing to it.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { type EntityDef, MODAL_Z_INDEX, formatDateTime } from '@srm/kernel';
import { ApiFailure, request, useApi, useLabels, useSession } from '@srm/platform-ui';
import { requestLog } from './request.entity';

type Row = Readonly<Record<string, unknown>>;

/** Lines findLog answers at most per call. */
export const LOG_PAGE = 1_000;

interface LogLine {
  requestLogId: number;
  attempt: number;
  level: string;
  loggedAt: unknown;
  message: string;
}

const LEVEL_COLORS: Readonly<Record<string, string>> = {
  INFO: 'processing',
  WARN: 'warning',
  ERROR: 'error',
};

/** Milliseconds of a moment as the log answers it: a number, an ISO text or PostgreSQL's text. */
export function momentOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

export interface RequestLogProps {
  /** The request entity of the screen. */
  readonly entity: EntityDef;
  /** The request whose log is shown. */
  readonly row: Row;
  onClose(): void;
}

export default function RequestLog({ entity, row, onClose }: RequestLogProps) {
  const api = useApi();
  const labels = useLabels();
  const { timeZone } = useSession();
  const [page, setPage] = useState(1);
  const id = row[entity.key];
  const log = useQuery({
    queryKey: ['entity', entity.name, 'log', id, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await request<LogLine[]>(api, `${entity.apiPath}/findLog`, {
        [entity.key]: id,
        fromLine: (page - 1) * LOG_PAGE,
      });
      return { lines: answer.data, count: answer.page?.count ?? answer.data.length };
    },
  });
  const count = log.data?.count ?? 0;
  const field = (name: string) => labels.field(requestLog.name, name);

  const columns: ColumnsType<LogLine> = [
    {
      key: 'loggedAt',
      title: field('loggedAt'),
      dataIndex: 'loggedAt',
      width: 172,
      render: (value: unknown) => {
        const ms = momentOf(value);
        return ms === null ? String(value ?? '') : formatDateTime(ms, timeZone);
      },
    },
    { key: 'attempt', title: field('attempt'), dataIndex: 'attempt', width: 96, align: 'right' },
    {
      key: 'level',
      title: field('level'),
      dataIndex: 'level',
      width: 84,
      render: (level: string) => (
        <Tag color={LEVEL_COLORS[level] ?? 'default'} style={{ marginInlineEnd: 0 }}>
          {labels.code('BASE_LOG_LEVEL', level)}
        </Tag>
      ),
    },
    {
      key: 'message',
      title: field('message'),
      dataIndex: 'message',
      render: (message: string) => (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message}</span>
      ),
    },
  ];

  const failure = log.error instanceof ApiFailure || log.error instanceof Error ? log.error.message : null;

  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      width={960}
      title={labels.t('scheduler.log.title', { number: String(row.requestNumber ?? id) })}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button
          key="reload"
          icon={<ReloadOutlined />}
          loading={log.isFetching}
          onClick={() => void log.refetch()}
        >
          {labels.t('ui.grid.reload')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {labels.t('scheduler.log.close')}
        </Button>,
      ]}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {labels.t('scheduler.log.count', { count })}
      </Typography.Paragraph>
      <Table<LogLine>
        size="small"
        rowKey="requestLogId"
        columns={columns}
        dataSource={log.data?.lines ?? []}
        loading={log.isFetching}
        scroll={{ y: 480 }}
        locale={{ emptyText: labels.t('scheduler.log.empty') }}
        pagination={
          count > LOG_PAGE
            ? {
                current: page,
                pageSize: LOG_PAGE,
                total: count,
                showSizeChanger: false,
                onChange: setPage,
              }
            : false
        }
      />
    </Modal>
  );
}
