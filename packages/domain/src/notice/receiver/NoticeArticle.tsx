// A notice as its readers see it (web): title, type, publisher and dates, the formatted content
// (HTML the server cleaned at save), its files. The reader and the publisher's preview share it.
import type { ReactNode } from 'react';
import { PushpinFilled } from '@ant-design/icons';
import { Divider, Space, Tag, Typography, theme } from 'antd';
import { formatDateTime } from '@srm/kernel';
import { RichTextView, useLabels } from '@srm/platform-ui';

type Row = Readonly<Record<string, unknown>>;

export function NoticeArticle({ notice, attachments }: { notice: Row; attachments?: ReactNode }) {
  const labels = useLabels();
  const { token } = theme.useToken();
  // A label's colon as each language writes it (full width in Chinese).
  const colon = labels.locale === 'en' ? ': ' : '：';
  const meta: string[] = [];
  if (notice.publisherName)
    meta.push(`${labels.t('srmNotice.publisherName')}${colon}${String(notice.publisherName)}`);
  if (typeof notice.publishedAt === 'number')
    meta.push(`${labels.t('srmNotice.publishedAt')}${colon}${formatDateTime(notice.publishedAt)}`);
  if (notice.effectiveDate || notice.expiryDate)
    meta.push(
      `${labels.t('srmNotice.effectiveDate')}${colon}${String(notice.effectiveDate ?? '-')} ~ ${String(notice.expiryDate ?? '-')}`,
    );
  return (
    <article style={{ maxWidth: 960, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 8 }}>
        {notice.pinnedFlag === 'Y' && <PushpinFilled style={{ color: token.colorError, marginRight: 8 }} />}
        {String(notice.title ?? '')}
      </Typography.Title>
      <Space wrap style={{ width: '100%', justifyContent: 'center', color: token.colorTextSecondary }}>
        {notice.noticeTypeName ? <Tag color="blue">{String(notice.noticeTypeName)}</Tag> : null}
        {notice.noticeKind ? (
          <Tag>{labels.t(`lookup.SRM_NOTICE_KIND.${String(notice.noticeKind)}`)}</Tag>
        ) : null}
        {meta.map((text) => (
          <span key={text}>{text}</span>
        ))}
      </Space>
      <Divider style={{ margin: '16px 0' }} />
      {/* The server keeps only allowed formatting at every save (no scripts, handlers or script URLs). */}
      <RichTextView
        html={String(notice.content ?? '')}
        style={{ fontSize: 15, lineHeight: 1.8, minHeight: 120, overflowWrap: 'anywhere' }}
      />
      {attachments ? (
        <>
          <Divider titlePlacement="start" plain>
            {labels.t('srmNotice.attachmentIds')}
          </Divider>
          {attachments}
        </>
      ) : null}
    </article>
  );
}
