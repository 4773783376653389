// A home's help and news (帮助与资讯): the newest published articles placed on the home of the
// user's side (the server decides by the caller's side; no grant needed), pinned first, in the
// language shown. Each opens the reader in a tab; "all" opens every article of the home.
import { PaperClipOutlined, PushpinFilled, ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@srm/kernel';
import { ARTICLE_CENTER_ROUTE, ARTICLE_READER_ROUTE, article } from '@srm/domain/admin';
import { useScreen } from '@srm/platform-ui';
import { apiCall } from '../../api';
import { useMenu } from '../../shell/menu/menuSource';
import { HomeSection } from './HomeSection';

interface Listed {
  articleId: number;
  title: string;
  categoryName: string;
  pinnedFlag: string | null;
  publishedAt: number | null;
  hasFiles: boolean;
}

export function HomeArticles({ testId, rows = 6 }: { testId: string; rows?: number }) {
  const { t, i18n } = useTranslation();
  const screen = useScreen();
  const { respId } = useMenu();
  const withResp = respId !== null ? { respId } : {};
  const articles = useQuery({
    // The server answers in the language shown (English titles where there are some).
    queryKey: ['home', 'articles', rows, i18n.language],
    queryFn: () => apiCall<Listed[]>(`${article.apiPath}/homeList`, { pageIndex: 1, pageRows: rows }),
    staleTime: 60_000,
  });
  const listed = articles.data?.data ?? [];
  const count = articles.data?.page?.count ?? listed.length;
  const more =
    count > 0 ? (
      <Typography.Link
        onClick={() => screen.open(ARTICLE_CENTER_ROUTE, withResp)}
        data-testid={`${testId}-more`}
      >
        {t('home.documents.more', { count })}
      </Typography.Link>
    ) : undefined;
  return (
    <HomeSection
      title={t('home.articles.title')}
      icon={<ReadOutlined />}
      testId={testId}
      extra={more}
      empty={!articles.isLoading && !articles.error && !listed.length ? t('home.articles.none') : undefined}
    >
      {articles.error ? (
        <Alert type="error" showIcon title={(articles.error as Error).message} />
      ) : articles.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {listed.map((row) => (
            <li
              key={row.articleId}
              data-testid={`${testId}-row`}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '8px 0',
                borderBottom: '1px solid #f5f5f5',
              }}
            >
              {row.pinnedFlag === 'Y' && (
                <PushpinFilled style={{ color: '#ff4d4f' }} aria-label={t('home.articles.pinned')} />
              )}
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {row.categoryName}
              </Tag>
              <Typography.Link
                ellipsis
                style={{ flex: '0 1 auto', minWidth: 0 }}
                onClick={() => screen.open(ARTICLE_READER_ROUTE, { articleId: row.articleId, ...withResp })}
              >
                {row.title}
              </Typography.Link>
              {row.hasFiles && <PaperClipOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />}
              <Typography.Text type="secondary" style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                {row.publishedAt ? formatDate(row.publishedAt) : ''}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
