// An article as its readers see it (web): title, category, publisher, date and views, the
// formatted content (HTML the server cleaned at save), its files. The reader and the
// administrator's preview share it.
import type { ReactNode } from 'react';
import { PushpinFilled } from '@ant-design/icons';
import { Divider, Space, Tag, Typography, theme } from 'antd';
import { formatDateTime } from '@srm/kernel';
import { RichTextView, useLabels } from '@srm/platform-ui';

/** What a reader is shown of an article, in their language. */
export interface ShownArticle {
  readonly title: string;
  readonly content: string;
  readonly category: string;
  readonly pinnedFlag?: string | null;
  readonly authorName?: string | null;
  readonly publishedAt?: number | null;
  readonly viewCount?: number | null;
}

export function ArticleView({
  article,
  attachments,
  extra,
}: {
  article: ShownArticle;
  attachments?: ReactNode;
  /** Shown with the meta line (the preview's places and state). */
  extra?: ReactNode;
}) {
  const labels = useLabels();
  const { token } = theme.useToken();
  // A label's colon as each language writes it (full width in Chinese).
  const colon = labels.locale === 'en' ? ': ' : '：';
  const meta: string[] = [];
  if (article.authorName) meta.push(`${labels.t('srmArticle.authorName')}${colon}${article.authorName}`);
  if (typeof article.publishedAt === 'number')
    meta.push(`${labels.t('srmArticle.publishedAt')}${colon}${formatDateTime(article.publishedAt)}`);
  if (typeof article.viewCount === 'number')
    meta.push(labels.t('srmArticle.viewsText', { count: article.viewCount }));
  return (
    <article style={{ maxWidth: 960, margin: '0 auto' }} data-testid="article-view">
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 8 }}>
        {article.pinnedFlag === 'Y' && <PushpinFilled style={{ color: token.colorError, marginRight: 8 }} />}
        {article.title}
      </Typography.Title>
      <Space wrap style={{ width: '100%', justifyContent: 'center', color: token.colorTextSecondary }}>
        <Tag color="blue">{labels.code('SRM_ARTICLE_CATEGORY', article.category)}</Tag>
        {meta.map((text) => (
          <span key={text}>{text}</span>
        ))}
        {extra}
      </Space>
      <Divider style={{ margin: '16px 0' }} />
      {/* The server keeps only allowed formatting at every save (no scripts, handlers or script URLs). */}
      <RichTextView
        html={article.content}
        style={{ fontSize: 15, lineHeight: 1.8, minHeight: 120, overflowWrap: 'anywhere' }}
      />
      {attachments ? (
        <>
          <Divider titlePlacement="start" plain>
            {labels.t('srmArticle.attachmentIds')}
          </Divider>
          {attachments}
        </>
      ) : null}
    </article>
  );
}
