// Help and news articles (文章管理, spec articleManagementList): a title and a rich text (cleaned on
// the server at every save), each in Chinese and optionally in English, a category, where it is
// shown (the login page for anyone, the internal home, the supplier home), pinned or not and its
// order there, files for signed-in readers. Published articles are read where they are placed;
// unpublishing takes one away from every reader at once and lets it be edited and published again.
import { attachments, checkbox, datetime, defineEntity, lookup, number, text, textarea } from '@srm/kernel';

/** What an article is: the readers' lists group and label by it. */
export const ARTICLE_CATEGORIES = ['HELP', 'NEWS', 'POLICY', 'FAQ', 'OTHER'] as const;
/** Where a published article is shown: the login page (no sign-in), or a side's home. */
export const ARTICLE_PLACEMENTS = ['LOGIN', 'INTERNAL_HOME', 'SUPPLIER_HOME'] as const;
export type ArticlePlacement = (typeof ARTICLE_PLACEMENTS)[number];
/** States in which an article may be edited (it is shown nowhere then). */
export const ARTICLE_EDITABLE = ['DRAFT', 'UNPUBLISHED'] as const;

type Row = Readonly<Record<string, unknown>>;
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export const article = defineEntity('srmArticle', {
  area: 'admin',
  key: 'articleId',
  display: 'title',
  numbering: { field: 'articleNumber', pattern: 'AR{yyyyMMdd}{###}' },
  fields: {
    articleNumber: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 200, english: 'titleEn' }),
    titleEn: text({ max: 200 }),
    category: lookup('SRM_ARTICLE_CATEGORY', { required: true, codes: ARTICLE_CATEGORIES, default: 'HELP' }),
    /** Where it is shown once published (at least one place). */
    placements: lookup('SRM_ARTICLE_PLACEMENT', { required: true, multi: true, codes: ARTICLE_PLACEMENTS }),
    /** Shown before the others where it is placed. */
    pinnedFlag: checkbox(),
    /** Lower first among articles pinned alike; the newest first among equal ones. */
    sortOrder: number({ min: 0, max: 9999, default: 0 }),
    authorName: text({ max: 60, profileDefault: 'userFullName' }),
    /** Rich text (HTML), cleaned on the server at every save. */
    content: textarea({ required: true, max: 200_000, rich: true, english: 'contentEn' }),
    /** The English text, for readers of the English pages (the Chinese one where it is empty). */
    contentEn: textarea({ max: 200_000, rich: true }),
    /** The content's first words as plain text (the readers' lists). */
    summary: text({ readonly: true, max: 240, english: 'summaryEn' }),
    summaryEn: text({ readonly: true, max: 240 }),
    /** Files for signed-in readers (the login page shows how many there are). */
    attachmentIds: attachments({ maxCount: 20 }),
    /** When it was first published (kept when it is published again after a correction). */
    publishedAt: datetime({ readonly: true }),
    unpublishedAt: datetime({ readonly: true }),
    /** How many times readers opened it (the login page and the homes). */
    viewCount: number({ readonly: true, default: 0 }),
  },
  // The readers' lists: published articles, pinned first, newest first.
  indexes: [['status', 'pinnedFlag', 'sortOrder', 'publishedAt']],
  list: {
    // The state and where it shows first: they stay in view at 1440 px.
    columns: [
      'articleNumber',
      'title',
      'category',
      'status',
      'placements',
      'publishedAt',
      'viewCount',
      'pinnedFlag',
      'sortOrder',
      'authorName',
    ],
    filters: [
      { field: 'title', op: 'contains' },
      'category',
      'placements',
      'status',
      { field: 'articleNumber', op: 'prefix' },
      'publishedAt',
    ],
    sort: [{ field: 'articleId', order: 'desc' }],
    sortable: ['publishedAt', 'sortOrder', 'viewCount'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'articleNumber',
          'title',
          'titleEn',
          'category',
          'placements',
          'pinnedFlag',
          'sortOrder',
          'authorName',
          'publishedAt',
          'viewCount',
        ],
      },
      { key: 'content', fields: ['content', 'attachmentIds'] },
      { key: 'english', fields: ['contentEn'] },
    ],
  },
  rules: [
    // An English reader would read an English text under a Chinese title.
    (row: Row) =>
      filled(row.contentEn) && !filled(row.titleEn)
        ? { field: 'titleEn', message: 'srmArticle.titleEnNeeded' }
        : null,
  ],
  workflow: {
    states: ['DRAFT', 'PUBLISHED', 'UNPUBLISHED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_ARTICLE_STATUS',
    editableIn: ARTICLE_EDITABLE,
    deletableIn: ['DRAFT'],
    actions: {
      /** Shown at once where it is placed (the login page to anyone). */
      doPublish: { from: ARTICLE_EDITABLE, to: 'PUBLISHED', confirm: true },
      /** Taken away from every reader at once; it may be corrected and published again. */
      doUnpublish: { from: ['PUBLISHED'], to: 'UNPUBLISHED', confirm: true, danger: true },
    },
  },
});
