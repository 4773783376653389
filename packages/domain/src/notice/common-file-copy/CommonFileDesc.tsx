// A reader's shared file (commonFile/fileDesc, web, both sides): their own copy, opened from
// their list or a message (by commonFileId): title, type, version, publisher and dates, the
// description and the files to download (each download is counted). A file withdrawn while open
// goes away at once (the push tells the tab to read again).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Divider, Result, Space, Tag, Typography, theme } from 'antd';
import { formatDateTime } from '@srm/kernel';
import { AttachmentField, request, useApi, useLabels, useRealtimeEvent, useScreen } from '@srm/platform-ui';

type Row = Record<string, unknown>;
const PATH = '/api/srm/v1/srmCommonFileCopyRestful';

interface Opened {
  copy: Row;
  attachmentIds: string | null;
}

export default function CommonFileDesc() {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { token } = theme.useToken();
  const copyParam = Number(screen.params.get('copyId') ?? screen.params.get('id')) || null;
  const fileParam = Number(screen.params.get('commonFileId')) || null;
  const opened = useQuery({
    queryKey: ['commonFile', 'open', copyParam, fileParam],
    queryFn: async () => {
      // The copy through the list first: one withdrawn since (or never shared) is simply not there.
      const mine = await request<Row[]>(api, `${PATH}/listByPage`, {
        pageIndex: 1,
        pageRows: 1,
        ...(copyParam ? { copyId: copyParam } : { commonFileId: fileParam ?? -1 }),
      });
      const copyId = (mine.data[0]?.copyId as number | undefined) ?? null;
      if (!copyId) return null;
      return (await request<Opened>(api, `${PATH}/open`, { copyId })).data;
    },
    retry: false,
    staleTime: Infinity,
  });
  const copy = opened.data?.copy;
  useEffect(() => {
    if (copy?.title) screen.setTitle(String(copy.title));
  }, [copy?.title, screen]);
  useRealtimeEvent(['commonFile'], (frame) => {
    if (copy && frame.commonFileId === copy.commonFileId) void opened.refetch();
  });

  if (opened.isLoading) return <Card loading style={{ minHeight: 320 }} />;
  if (opened.isError || !copy)
    return (
      <Result
        status="warning"
        title={labels.t('srmCommonFileCopy.gone')}
        subTitle={(opened.error as Error | null)?.message}
      />
    );
  const field = (name: string) => labels.t(`srmCommonFileCopy.${name}`);
  // A label's colon as each language writes it (full width in Chinese).
  const colon = labels.locale === 'en' ? ': ' : '：';
  return (
    <Card>
      <article style={{ maxWidth: 960, margin: '0 auto' }} data-testid="common-file-desc">
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 8 }}>
          {String(copy.title ?? '')}
        </Typography.Title>
        <Space wrap style={{ width: '100%', justifyContent: 'center', color: token.colorTextSecondary }}>
          <Tag color="blue">{labels.code('SRM_COMMON_FILE_TYPE', String(copy.fileType))}</Tag>
          {copy.versionLabel ? <Tag>{String(copy.versionLabel)}</Tag> : null}
          {copy.publisherName ? (
            <span>{`${field('publisherName')}${colon}${String(copy.publisherName)}`}</span>
          ) : null}
          {typeof copy.publishedAt === 'number' ? (
            <span>{`${field('publishedAt')}${colon}${formatDateTime(copy.publishedAt)}`}</span>
          ) : null}
        </Space>
        <Divider style={{ margin: '16px 0' }} />
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'dates',
              label: field('effectiveDate'),
              children: `${String(copy.effectiveDate ?? '-')} ~ ${String(copy.expiryDate ?? '-')}`,
            },
          ]}
        />
        {copy.description ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15, marginTop: 16 }}>
            {String(copy.description)}
          </Typography.Paragraph>
        ) : null}
        <Divider titlePlacement="start" plain>
          {field('files')}
        </Divider>
        {opened.data?.attachmentIds ? (
          <AttachmentField value={String(opened.data.attachmentIds)} readOnly />
        ) : null}
        <Typography.Text type="secondary">{field('downloadHint')}</Typography.Text>
      </article>
    </Card>
  );
}
