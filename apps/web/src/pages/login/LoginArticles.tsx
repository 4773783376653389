// The login page's help and news: the newest published articles placed on the login page, asked
// without a session, in the language shown (English titles where there are some), pinned first.
// Three show; 更多 shows the rest of the first page. A title opens the article in a dialog, whose
// code loads only then. Nothing shows while there is none, or when the server cannot say.
import { Suspense, lazy, useState } from 'react';
import { PaperClipOutlined, PushpinFilled, ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@srm/kernel';
import { article } from '@srm/domain/admin';
import { apiCall } from '../../api';
import { useLanguage } from '../../shell/language';

const LoginArticleModal = lazy(() => import('./LoginArticleModal'));

const SHOWN = 3;
const ASKED = 8;

export interface LoginArticleRow {
  articleId: number;
  title: string;
  category: string;
  categoryName: string;
  pinnedFlag: string | null;
  publishedAt: number | null;
  hasFiles: boolean;
}

export default function LoginArticles() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState<LoginArticleRow | null>(null);
  const articles = useQuery({
    queryKey: ['login', 'articles', language],
    queryFn: async () =>
      (
        await apiCall<LoginArticleRow[]>(
          `${article.apiPath}/loginList`,
          { pageIndex: 1, pageRows: ASKED },
          { anonymous: true },
        )
      ).data,
    staleTime: 5 * 60_000,
  });
  const rows = articles.data ?? [];
  if (!rows.length) return null;
  const shown = expanded ? rows : rows.slice(0, SHOWN);
  return (
    <section
      className="srm-login-articles"
      data-testid="login-articles"
      aria-label={t('login.articles.title')}
    >
      <div className="srm-login-articles-head">
        <span>
          <ReadOutlined style={{ color: '#1677ff', marginRight: 6 }} />
          {t('login.articles.title')}
        </span>
        {rows.length > SHOWN && (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setExpanded(!expanded)}>
            {expanded ? t('login.articles.less') : t('login.articles.more')}
          </Button>
        )}
      </div>
      <ul>
        {shown.map((row) => (
          <li key={row.articleId} data-testid="login-article">
            {row.pinnedFlag === 'Y' && <PushpinFilled style={{ color: '#ff4d4f', fontSize: 12 }} />}
            <Tag color="blue" bordered={false} style={{ marginInlineEnd: 0 }}>
              {row.categoryName}
            </Tag>
            <button
              type="button"
              className="srm-login-article-title"
              title={row.title}
              onClick={() => setOpened(row)}
            >
              {row.title}
            </button>
            {row.hasFiles && <PaperClipOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            <span className="srm-login-article-date">
              {row.publishedAt ? formatDate(row.publishedAt) : ''}
            </span>
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <LoginArticleModal listed={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </section>
  );
}
