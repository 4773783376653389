// The reader (articleManagementList/ArticleManagementListDetail, web, both sides): one published
// article of the reader's home, opened from a home or the article list (by articleId), in the
// reader's language, with its files. Opening it counts a view. An article unpublished or placed
// elsewhere is not there for the reader.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Result } from 'antd';
import { AttachmentField, request, useApi, useLabels, useScreen } from '@srm/platform-ui';
import { article } from './article.entity';
import { ArticleView, type ShownArticle } from './ArticleView';

interface Opened extends ShownArticle {
  readonly articleId: number;
  readonly attachmentIds?: string | null;
}

export default function ArticleManagementListDetail() {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const articleId = Number(screen.params.get('articleId') ?? screen.params.get('id')) || null;
  const opened = useQuery({
    // The reader's language is part of what is read (the English title and text).
    queryKey: ['article', 'read', articleId, labels.locale],
    queryFn: async () => (await request<Opened>(api, `${article.apiPath}/homeRead`, { articleId })).data,
    enabled: articleId !== null,
    retry: false,
    staleTime: Infinity,
  });
  const shown = opened.data;
  useEffect(() => {
    if (shown?.title) screen.setTitle(shown.title);
  }, [shown?.title, screen]);

  if (opened.isLoading) return <Card loading style={{ minHeight: 320 }} />;
  if (!shown)
    return (
      <Result
        status="warning"
        title={labels.t('srmArticle.gone')}
        subTitle={(opened.error as Error | null)?.message}
      />
    );
  return (
    <Card data-testid="article-reader">
      <ArticleView
        article={shown}
        attachments={shown.attachmentIds ? <AttachmentField value={shown.attachmentIds} readOnly /> : null}
      />
    </Card>
  );
}
