// The administrator's 预览 on a saved article (web): the article as its readers will read it, in
// Chinese or in English, with the places it is (or will be) shown and its state.
import { useState } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { Button, Modal, Segmented, Tag } from 'antd';
import { type Locale, textIn } from '@srm/kernel';
import { AttachmentField, type EditButton, type EditButtonProps, useLabels } from '@srm/platform-ui';
import { article } from './article.entity';
import { ArticleView } from './ArticleView';

function PreviewButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<Locale>(labels.locale);
  const text = (name: string) => String(textIn(language, article.fields, row, name) ?? '');
  const placements = Array.isArray(row.placements) ? row.placements.map(String) : [];
  return (
    <>
      <Button icon={<EyeOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.t('srmArticle.preview')}
      </Button>
      <Modal
        open={open}
        width={960}
        title={labels.t('srmArticle.previewOf', {
          status: labels.code('SRM_ARTICLE_STATUS', String(row.status)),
        })}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <div data-testid="article-preview">
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
            <Segmented
              size="small"
              value={language}
              onChange={(value) => setLanguage(value as Locale)}
              options={[
                { label: labels.t('srmArticle.previewChinese'), value: 'zh-CN' },
                { label: labels.t('srmArticle.previewEnglish'), value: 'en' },
              ]}
            />
          </div>
          <ArticleView
            article={{
              title: text('title'),
              content: text('content'),
              category: String(row.category ?? ''),
              pinnedFlag: typeof row.pinnedFlag === 'string' ? row.pinnedFlag : null,
              authorName: typeof row.authorName === 'string' ? row.authorName : null,
              publishedAt: typeof row.publishedAt === 'number' ? row.publishedAt : null,
            }}
            extra={
              <span>
                {labels.t('srmArticle.placements')}
                {labels.locale === 'en' ? ': ' : '：'}
                {placements.map((code) => (
                  <Tag key={code} style={{ marginInlineStart: 4, marginInlineEnd: 0 }}>
                    {labels.code('SRM_ARTICLE_PLACEMENT', code)}
                  </Tag>
                ))}
              </span>
            }
            attachments={
              row.attachmentIds ? <AttachmentField value={String(row.attachmentIds)} readOnly /> : null
            }
          />
        </div>
      </Modal>
    </>
  );
}

export const articlePreviewButton: EditButton = {
  key: 'preview',
  resource: 'srmArticle.view',
  component: PreviewButton,
};
