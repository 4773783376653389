// 帮助与资讯 (articleCenter, web, both sides): every published article of the reader's home, pinned
// first, by category or by a word of the title or summary, a page at a time; each opens the reader.
// Opened from the home's articles card.
import { useState } from 'react';
import { PaperClipOutlined, PushpinFilled } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Input, List, Segmented, Space, Tag, Typography, theme } from 'antd';
import { formatDate } from '@srm/kernel';
import { request, useApi, useLabels, useScreen } from '@srm/platform-ui';
import { ARTICLE_CATEGORIES, article } from './article.entity';
import { ARTICLE_READER_ROUTE } from './article.routes';

const PAGE_ROWS = 10;

interface Listed {
  articleId: number;
  title: string;
  summary: string | null;
  category: string;
  categoryName: string;
  pinnedFlag: string | null;
  publishedAt: number | null;
  hasFiles: boolean;
}

export default function ArticleCenter() {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { token } = theme.useToken();
  const [category, setCategory] = useState<string>('');
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const page = useQuery({
    queryKey: ['article', 'home', category, keyword, pageIndex, labels.locale],
    queryFn: () =>
      request<Listed[]>(api, `${article.apiPath}/homeList`, {
        pageIndex,
        pageRows: PAGE_ROWS,
        ...(category ? { category } : {}),
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows = page.data?.data ?? [];
  const empty = keyword ? labels.t('srmArticle.center.emptySearch') : labels.t('srmArticle.center.empty');
  return (
    <Card
      data-testid="article-center"
      title={labels.t('srmArticle.center.title')}
      extra={
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={labels.t('srmArticle.center.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageIndex(1);
          }}
        />
      }
    >
      <Segmented
        style={{ marginBottom: 12 }}
        value={category}
        onChange={(value) => {
          setCategory(String(value));
          setPageIndex(1);
        }}
        options={[
          { label: labels.t('srmArticle.center.all'), value: '' },
          ...ARTICLE_CATEGORIES.map((code) => ({
            label: labels.code('SRM_ARTICLE_CATEGORY', code),
            value: code,
          })),
        ]}
      />
      {page.error ? <Alert type="error" showIcon title={(page.error as Error).message} /> : null}
      <List
        loading={page.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        pagination={
          (page.data?.page?.count ?? 0) > PAGE_ROWS
            ? {
                current: pageIndex,
                pageSize: PAGE_ROWS,
                total: page.data?.page?.count ?? 0,
                showSizeChanger: false,
                onChange: setPageIndex,
                align: 'end',
              }
            : false
        }
        renderItem={(row) => (
          <List.Item
            data-testid="article-center-row"
            extra={
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {row.publishedAt ? formatDate(row.publishedAt) : ''}
              </Typography.Text>
            }
          >
            <List.Item.Meta
              title={
                <Space size={8}>
                  {row.pinnedFlag === 'Y' && <PushpinFilled style={{ color: token.colorError }} />}
                  <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                    {row.categoryName}
                  </Tag>
                  <Typography.Link
                    onClick={() => screen.open(ARTICLE_READER_ROUTE, { articleId: row.articleId })}
                  >
                    {row.title}
                  </Typography.Link>
                  {row.hasFiles && <PaperClipOutlined style={{ color: token.colorTextSecondary }} />}
                </Space>
              }
              description={
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {row.summary}
                </Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
