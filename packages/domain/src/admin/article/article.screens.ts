// Screens of articles (web): the administrators' list and form (articleManagementList, with a
// preview), and the readers' pages on both sides — one article (the spec's
// articleManagementList/ArticleManagementListDetail) and every article of their home (articleCenter).
import { type ScreenEntry, customScreen, entityScreens } from '@srm/platform-ui';
import { articlePreviewButton } from './article.buttons';
import { ARTICLE_CENTER_ROUTE, ARTICLE_READER_ROUTE } from './article.routes';

const definitions = () => import('../index');

export const articleScreens: ScreenEntry[] = [
  ...entityScreens('admin', 'srmArticle', () => definitions().then((m) => m.article), {
    list: 'articleManagementList',
    edit: 'articleManagementList/articleEdit',
    listTitle: 'menu.ARTICLE_MANAGEMENT',
    editButtons: [articlePreviewButton],
  }),
  // Readers open published articles of their home: no menu, no grant of the articles themselves.
  customScreen(
    'admin',
    ARTICLE_READER_ROUTE,
    'entity.srmArticle',
    () => import('./ArticleManagementListDetail'),
    {
      menu: false,
    },
  ),
  customScreen('admin', ARTICLE_CENTER_ROUTE, 'srmArticle.center.title', () => import('./ArticleCenter'), {
    menu: false,
  }),
];
