// 下载情况 on a published shared file (web): how many readers it reached, how many downloaded it
// and how often, and each reader with their supplier, downloads and times, filtered by whether
// they downloaded it. Read when the drawer opens.
import { useState } from 'react';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, ConfigProvider, Drawer, Segmented, Space, Statistic, Table, Tag } from 'antd';
import { formatDateTime } from '@srm/kernel';
import { type EditButton, type EditButtonProps, request, useApi, useLabels } from '@srm/platform-ui';
import { DOWNLOAD_FILTERS, type FileReader } from './downloads';

interface Downloads {
  totals: { readers: number; downloaded: number; downloads: number };
  rows: FileReader[];
}

const time = (value: number | null) => (value === null ? '' : formatDateTime(value));

function DownloadsPanel({
  entity,
  commonFileId,
}: {
  entity: EditButtonProps['entity'];
  commonFileId: number;
}) {
  const api = useApi();
  const labels = useLabels();
  const [filter, setFilter] = useState<(typeof DOWNLOAD_FILTERS)[number]>('ALL');
  const [page, setPage] = useState({ index: 1, size: 20 });
  const downloads = useQuery({
    queryKey: ['commonFile', 'downloads', commonFileId, filter, page.index, page.size],
    queryFn: async () => {
      const answer = await request<Downloads>(api, `${entity.apiPath}/downloads`, {
        commonFileId,
        filter,
        pageIndex: page.index,
        pageRows: page.size,
      });
      return { ...answer.data, count: answer.page?.count ?? 0 };
    },
  });
  const totals = downloads.data?.totals;
  const t = (key: string) => labels.t(`srmCommonFile.downloads.${key}`);
  const figures = [
    ['readers', totals?.readers],
    ['downloaded', totals?.downloaded],
    ['notDownloaded', totals ? totals.readers - totals.downloaded : undefined],
    ['total', totals?.downloads],
  ] as const;
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}
      data-testid="common-file-downloads"
    >
      <Space size="large" wrap>
        {figures.map(([name, value]) => (
          <Card key={name} size="small" style={{ minWidth: 128 }}>
            <Statistic title={t(name)} value={value ?? 0} />
          </Card>
        ))}
      </Space>
      <Segmented
        value={filter}
        onChange={(value) => {
          setFilter(value as typeof filter);
          setPage((current) => ({ ...current, index: 1 }));
        }}
        options={DOWNLOAD_FILTERS.map((code) => ({
          value: code,
          label: labels.t(`lookup.SRM_COMMON_FILE_DOWNLOAD_FILTER.${code}`),
        }))}
      />
      <Table<FileReader>
        size="small"
        rowKey="copyId"
        loading={downloads.isFetching}
        dataSource={downloads.data?.rows ?? []}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: downloads.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => labels.t('ui.list.total', { total }),
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          { title: t('reader'), dataIndex: 'receiverName', width: 140 },
          {
            title: t('supplier'),
            dataIndex: 'supplierName',
            ellipsis: true,
            render: (value: string | null) => value ?? t('internal'),
          },
          {
            title: t('count'),
            dataIndex: 'downloadCount',
            width: 100,
            align: 'right',
            render: (value: number) =>
              value > 0 ? (
                value
              ) : (
                <Tag>{labels.t('lookup.SRM_COMMON_FILE_DOWNLOAD_FILTER.NOT_DOWNLOADED')}</Tag>
              ),
          },
          { title: t('first'), dataIndex: 'firstDownloadAt', width: 170, render: time },
          { title: t('last'), dataIndex: 'lastDownloadAt', width: 170, render: time },
        ]}
      />
    </div>
  );
}

function DownloadsButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  if (row.status !== 'PUBLISHED') return null;
  return (
    <>
      <Button icon={<CloudDownloadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'downloads')}
      </Button>
      <Drawer
        open={open}
        width={960}
        title={`${labels.action(entity.name, 'downloads')} · ${String(row.title ?? '')}`}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        {/* The panel's controls are its own, whatever the document's form allows. */}
        <ConfigProvider componentDisabled={false}>
          <DownloadsPanel entity={entity} commonFileId={Number(row.commonFileId)} />
        </ConfigProvider>
      </Drawer>
    </>
  );
}

export const commonFileDownloadsButton: EditButton = {
  key: 'downloads',
  resource: 'srmCommonFile.view',
  component: DownloadsButton,
};
