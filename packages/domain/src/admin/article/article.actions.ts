// Articles on the server: both texts cleaned and summarised at every save (scripts, event
// handlers and script URLs never stored); publishing stamps the first publication and shows the
// article where it is placed at once; unpublishing takes it away from every reader at once.
import type { RuleIssue } from '@srm/kernel';
import { defineActions, richTextSummary, sanitizeRichText } from '@srm/platform';
import { article } from './article.entity';

const issue = (message: string, field = ''): RuleIssue => ({ field, message });
const SUMMARY_LENGTH = 240;

/**
 * The plain text of a rich text for the readers' lists: headings, paragraphs, list items and
 * lines kept apart by a space ("1. Registering On the sign-in page…", not "RegisteringOn").
 */
const summaryOf = (html: string) =>
  richTextSummary(
    html.replace(/<br\s*\/?>|<\/(?:p|div|h[1-6]|li|blockquote|pre|td|th|tr)>/gi, '$& '),
    SUMMARY_LENGTH,
  );

export const articleActions = defineActions(article, {
  beforeSave(ctx) {
    const { row } = ctx;
    row.content = sanitizeRichText(String(row.content ?? ''));
    // Formatting alone (an empty paragraph, a removed script) is no content; a picture is.
    if (!richTextSummary(row.content) && !/<img\s/i.test(row.content))
      return [issue('srmArticle.contentEmpty', 'content')];
    row.summary = summaryOf(row.content);
    const english = sanitizeRichText(String(row.contentEn ?? ''));
    const englishText = summaryOf(english);
    row.contentEn = englishText || /<img\s/i.test(english) ? english : null;
    row.summaryEn = englishText || null;
    return null;
  },
  guards: {
    doPublish: (ctx) =>
      ctx.previous.placements?.length ? [] : [issue('srmArticle.noPlacement', 'placements')],
  },
  actions: {
    async doPublish(ctx) {
      await ctx.patch(article, ctx.row.articleId, {
        publishedAt: ctx.previous.publishedAt ?? ctx.now.getTime(),
        unpublishedAt: null,
      });
    },
    async doUnpublish(ctx) {
      await ctx.patch(article, ctx.row.articleId, { unpublishedAt: ctx.now.getTime() });
    },
  },
});
