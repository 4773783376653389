// One login-page article in a dialog, read without a session in the language shown: its
// category, date and formatted content (cleaned by the server at save). Its files are for
// signed-in readers: the dialog says how many there are. Opening it counts a view.
import { useQuery } from '@tanstack/react-query';
import { Alert, Divider, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@srm/kernel';
import { article } from '@srm/domain/admin';
import { RichTextView } from '@srm/platform-ui';
import { apiCall } from '../../api';
import { useLanguage } from '../../shell/language';
import type { LoginArticleRow } from './LoginArticles';

interface Opened {
  articleId: number;
  title: string;
  content: string;
  categoryName: string;
  publishedAt: number | null;
  authorName: string | null;
  fileCount: number;
}

export default function LoginArticleModal({
  listed,
  onClose,
}: {
  listed: LoginArticleRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const opened = useQuery({
    queryKey: ['login', 'article', listed.articleId, language],
    queryFn: async () =>
      (
        await apiCall<Opened>(
          `${article.apiPath}/loginRead`,
          { articleId: listed.articleId },
          { anonymous: true },
        )
      ).data,
    staleTime: 5 * 60_000,
  });
  const shown = opened.data;
  const date = shown?.publishedAt ?? listed.publishedAt;
  return (
    <Modal
      open
      width={760}
      title={shown?.title ?? listed.title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <div data-testid="login-article-dialog">
        <Space size={12} wrap style={{ color: 'rgba(0,0,0,0.45)' }}>
          <Tag color="blue" bordered={false} style={{ marginInlineEnd: 0 }}>
            {shown?.categoryName ?? listed.categoryName}
          </Tag>
          {date ? <span>{formatDate(date)}</span> : null}
          {shown?.authorName ? <span>{shown.authorName}</span> : null}
        </Space>
        <Divider style={{ margin: '12px 0 16px' }} />
        {opened.error ? (
          <Alert
            type="warning"
            showIcon
            title={t('login.articles.gone')}
            description={(opened.error as Error).message}
          />
        ) : !shown ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <RichTextView
              html={shown.content}
              style={{ fontSize: 14, lineHeight: 1.8, overflowWrap: 'anywhere' }}
            />
            {shown.fileCount > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
                {t('login.articles.files', { count: shown.fileCount })}
              </Typography.Paragraph>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
