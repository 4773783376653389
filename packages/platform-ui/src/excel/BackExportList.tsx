// The background-export list (spec §2 reportBackExportList): the user's exports, newest first,
// with status, progress and the file once written; refreshed while one is still running. The
// export just submitted (exportNum) is highlighted.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Progress, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { COLUMN_WIDTHS, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, formatDateTime, rowNumber } from '@srm/kernel';
import { request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { downloadFile, saveFile } from '../attachments/fileApi';
import { BACK_EXPORT_API, percentOf } from './excelApi';

export interface BackExportRow {
  reportBackExportId: number;
  exportNumber: string;
  entityName: string;
  fileName: string;
  exportStatus: 'WAITING' | 'RUNNING' | 'DONE' | 'FAILED';
  progress: number | null;
  total: number | null;
  attachmentId: string | null;
  errorMessage: string | null;
  creationDate: number | null;
  finishedDate: number | null;
}

const STATUS_COLOR = { WAITING: 'default', RUNNING: 'processing', DONE: 'success', FAILED: 'error' } as const;

export interface BackExportListProps {
  /** The export just submitted: highlighted. */
  exportNum?: string | null;
  /** Refresh period while an export runs, in ms. */
  refreshMs?: number;
}

export function BackExportList({ exportNum, refreshMs = 2000 }: BackExportListProps) {
  const api = useApi();
  const labels = useLabels();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageIndex: 1, pageRows: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['backExports', page],
    queryFn: () => request<BackExportRow[]>(api, `${BACK_EXPORT_API}/listByPage`, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.exportStatus === 'WAITING' || row.exportStatus === 'RUNNING')
        ? refreshMs
        : false,
  });
  const rows = list.data?.data ?? [];

  const download = async (row: BackExportRow) => {
    const id = Number(String(row.attachmentId ?? '').split(',')[0]);
    if (!id) return;
    setDownloading(row.reportBackExportId);
    try {
      saveFile(await downloadFile(api, { id, fileSize: 0 }));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  const columns: ColumnType<BackExportRow>[] = [
    {
      key: 'index',
      title: labels.t('ui.list.index'),
      width: COLUMN_WIDTHS.index,
      align: 'center',
      render: (_value, _row, index) => rowNumber(page.pageIndex, page.pageRows, index),
    },
    {
      key: 'exportNumber',
      dataIndex: 'exportNumber',
      title: labels.t('ui.backExport.exportNumber'),
      width: 170,
    },
    { key: 'fileName', dataIndex: 'fileName', title: labels.t('ui.backExport.fileName'), ellipsis: true },
    {
      key: 'entityName',
      title: labels.t('ui.backExport.entity'),
      width: 140,
      render: (_value, row) => labels.entity(row.entityName),
    },
    {
      key: 'exportStatus',
      title: labels.t('ui.backExport.status'),
      width: 100,
      render: (_value, row) => (
        <Tag color={STATUS_COLOR[row.exportStatus]}>{labels.t(`ui.excel.status.${row.exportStatus}`)}</Tag>
      ),
    },
    {
      key: 'progress',
      title: labels.t('ui.backExport.progress'),
      width: 220,
      render: (_value, row) => (
        <div>
          <Progress
            size="small"
            percent={percentOf(row.progress ?? 0, row.total ?? 0, row.exportStatus === 'DONE')}
            status={
              row.exportStatus === 'FAILED' ? 'exception' : row.exportStatus === 'DONE' ? 'success' : 'active'
            }
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {labels.t('ui.excel.progress', { progress: row.progress ?? 0, total: row.total ?? 0 })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'creationDate',
      title: labels.t('ui.backExport.creationDate'),
      width: 170,
      render: (_value, row) => (row.creationDate ? formatDateTime(row.creationDate) : ''),
    },
    {
      key: 'finishedDate',
      title: labels.t('ui.backExport.finishedDate'),
      width: 170,
      render: (_value, row) => (row.finishedDate ? formatDateTime(row.finishedDate) : ''),
    },
    {
      key: 'errorMessage',
      dataIndex: 'errorMessage',
      title: labels.t('ui.backExport.errorMessage'),
      width: 180,
      ellipsis: true,
    },
    {
      key: 'operation',
      title: labels.t('ui.list.operation'),
      width: 100,
      fixed: 'right',
      render: (_value, row) =>
        row.exportStatus === 'DONE' && row.attachmentId ? (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === row.reportBackExportId}
            onClick={() => void download(row)}
          >
            {labels.t('ui.backExport.download')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      title={labels.t('ui.backExport.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {labels.t('ui.backExport.refresh')}
        </Button>
      }
    >
      {exportNum && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={labels.t('ui.backExport.highlight', { exportNum })}
        />
      )}
      {list.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={labels.t('ui.list.loadFailed', { message: (list.error as Error).message })}
        />
      )}
      <Table<BackExportRow>
        rowKey="reportBackExportId"
        size="middle"
        bordered
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.exportNumber === exportNum ? 'ant-table-row-selected' : '')}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={labels.t('ui.backExport.empty')} />
          ),
        }}
        onChange={(pagination) =>
          setPage((current) => ({
            pageIndex: pagination.pageSize !== current.pageRows ? 1 : (pagination.current ?? 1),
            pageRows: pagination.pageSize ?? current.pageRows,
          }))
        }
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageRows,
          total: list.data?.page?.count ?? rows.length,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (count) => labels.t('ui.list.total', { total: count }),
        }}
      />
    </Card>
  );
}
