// Where readers open articles in the workspace (the homes' cards and the article list link here).
/** The reader of one article (spec articleManagementList/ArticleManagementListDetail), by `articleId`. */
export const ARTICLE_READER_ROUTE = 'articleManagementList/ArticleManagementListDetail';
/** Every article of the reader's home (帮助与资讯), by category or word. */
export const ARTICLE_CENTER_ROUTE = 'articleCenter';
