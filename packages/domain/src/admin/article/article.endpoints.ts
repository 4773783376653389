// The readers of articles: the login page (anyone, no sign-in) and each side's home (any signed-in
// user: an internal user reads those placed on the internal home, a supplier's user those on the
// supplier home). Each answers only published articles placed where the reader is, in the
// reader's language; any other id — a draft, an unpublished article, one placed elsewhere or none
// at all — is the same 404. Opening an article counts a view. The readers read on the platform's
// authority: none of them may read the articles' management list.
import { type SQL, and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { lookup, number, text, textIn } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { ARTICLE_CATEGORIES, type ArticlePlacement, article } from './article.entity';

/** The home a signed-in caller reads: their side's. */
export const homeOf = (data: DataApi): ArticlePlacement =>
  data.actor.side === 'supplier' ? 'SUPPLIER_HOME' : 'INTERNAL_HOME';

const reader = (data: DataApi) => data.system('a reader opens the published articles placed where they read');

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const millis = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));

const listInput = {
  category: lookup('SRM_ARTICLE_CATEGORY', { codes: ARTICLE_CATEGORIES }),
  keyword: text({ max: 100 }),
  pageIndex: number({ min: 1, max: 1000 }),
  pageRows: number({ min: 1, max: 50 }),
};
const oneInput = { articleId: number({ required: true, min: 1 }) };

interface ListAsked {
  readonly category?: string | null;
  readonly keyword?: string | null;
  readonly pageIndex?: number | null;
  readonly pageRows?: number | null;
}

/**
 * A page of the published articles placed here, pinned first, then by their order, newest first:
 * titles and summaries in the reader's language, no content (one statement for the page, one for
 * the count, on the index of status and order).
 */
async function publishedPage(data: DataApi, placement: ArticlePlacement, asked: ListAsked) {
  const a = data.runtime.table(article.name);
  const conditions: (SQL | undefined)[] = [
    eq(a.status!, 'PUBLISHED'),
    sql`${a.placements!} && ${sql.param([placement])}::varchar[]`,
    asked.category ? eq(a.category!, asked.category) : undefined,
  ];
  const keyword = asked.keyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conditions.push(
      or(
        ilike(a.title!, pattern),
        ilike(a.titleEn!, pattern),
        ilike(a.summary!, pattern),
        ilike(a.summaryEn!, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const size = asked.pageRows ?? 10;
  const index = asked.pageIndex ?? 1;
  const rows = await data.tx
    .select({
      articleId: a.articleId!,
      title: a.title!,
      titleEn: a.titleEn!,
      summary: a.summary!,
      summaryEn: a.summaryEn!,
      category: a.category!,
      pinnedFlag: a.pinnedFlag!,
      publishedAt: a.publishedAt!,
      attachmentIds: a.attachmentIds!,
    })
    .from(a)
    .where(where)
    .orderBy(desc(a.pinnedFlag!), asc(a.sortOrder!), desc(a.publishedAt!), desc(a.articleId!))
    .limit(size)
    .offset((index - 1) * size);
  const [counted] = await data.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(a)
    .where(where);
  const locale = data.actor.locale;
  return {
    data: rows.map((row) => ({
      articleId: Number(row.articleId),
      title: textIn(locale, article.fields, row, 'title'),
      summary: textIn(locale, article.fields, row, 'summary'),
      category: row.category,
      categoryName: data.t(`lookup.SRM_ARTICLE_CATEGORY.${String(row.category)}`),
      pinnedFlag: row.pinnedFlag,
      publishedAt: millis(row.publishedAt),
      hasFiles: Boolean(row.attachmentIds),
    })),
    page: { count: Number(counted?.count ?? 0), curIndex: index },
  };
}

/** The published article placed here, or the 404 of an article that does not exist. */
async function publishedHere(data: DataApi, placement: ArticlePlacement, articleId: number) {
  const [found] = await reader(data).list(article, { articleId, status: 'PUBLISHED' }, { limit: 1 });
  if (!found?.placements?.includes(placement)) throw new AppError(404, 'srmArticle.notFound');
  return found;
}

/**
 * Counts a view: one statement raising the counter, since many read at once and a counter must
 * neither make the article a new version (an administrator's open form would turn stale) nor
 * write an audit entry per reader.
 */
async function countView(data: DataApi, articleId: number): Promise<number> {
  const a = data.runtime.table(article.name);
  const [counted] = await data.tx
    .update(a)
    .set({ viewCount: sql`coalesce(${a.viewCount!}, 0) + 1` })
    .where(eq(a.articleId!, articleId))
    .returning({ viewCount: a.viewCount! });
  return Number(counted?.viewCount ?? 0);
}

/** One article as a reader reads it, in their language; its files only for a signed-in reader. */
async function opened(data: DataApi, placement: ArticlePlacement, articleId: number, withFiles: boolean) {
  const found = await publishedHere(data, placement, articleId);
  const viewCount = await countView(data, articleId);
  const locale = data.actor.locale;
  const files = (found.attachmentIds ?? '').split(',').filter((id) => id.trim() !== '');
  return {
    data: {
      articleId: found.articleId,
      title: textIn(locale, article.fields, found, 'title'),
      content: textIn(locale, article.fields, found, 'content'),
      category: found.category,
      categoryName: data.t(`lookup.SRM_ARTICLE_CATEGORY.${found.category}`),
      pinnedFlag: found.pinnedFlag,
      authorName: found.authorName,
      publishedAt: found.publishedAt,
      viewCount,
      fileCount: files.length,
      ...(withFiles ? { attachmentIds: found.attachmentIds } : {}),
    },
  };
}

export const articleEndpoints = defineEndpoints(article, {
  loginList: endpoint({
    summary: 'The published articles shown on the login page (anyone, no sign-in): titles, summaries, dates',
    input: listInput,
    scope: article,
    resource: 'public',
    handle: (data, input) => publishedPage(data, 'LOGIN', input),
  }),
  loginRead: endpoint({
    summary: 'One published article of the login page with its content (anyone); the view is counted',
    input: oneInput,
    scope: article,
    resource: 'public',
    write: true,
    handle: (data, input) => opened(data, 'LOGIN', input.articleId, false),
  }),
  homeList: endpoint({
    summary: "The published articles of the caller's home (internal or supplier): titles, summaries, dates",
    input: listInput,
    scope: article,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    handle: (data, input) => publishedPage(data, homeOf(data), input),
  }),
  homeRead: endpoint({
    summary: "One published article of the caller's home with its content and files; the view is counted",
    input: oneInput,
    scope: article,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    write: true,
    handle: (data, input) => opened(data, homeOf(data), input.articleId, true),
  }),
});
