// Administration's definitions, for its screens and the web's pages that show articles (the login
// page, the homes). The manifest stays out: it would bring the area's labels along.
export {
  ARTICLE_CATEGORIES,
  ARTICLE_PLACEMENTS,
  type ArticlePlacement,
  article,
} from './article/article.entity';
export { ARTICLE_CENTER_ROUTE, ARTICLE_READER_ROUTE } from './article/article.routes';
