// Administration on the server: the demo menus, roles, responsibilities and internal users; the
// articles' behaviour, their readers (the login page, the homes) and who reads their files; the
// demo articles.
import { defineServerArea } from '@srm/platform';
import { adminArea } from './area';
import { adminSeeds } from './admin.seed';
import { articleActions } from './article/article.actions';
import { article } from './article/article.entity';
import { articleEndpoints, homeOf } from './article/article.endpoints';
import { articleSeed } from './article/article.seed';

export const adminServer = defineServerArea(adminArea, {
  actions: [articleActions, articleEndpoints],
  seeds: [...adminSeeds, articleSeed],
  fileReaders: {
    // A signed-in reader reads the files of a published article placed on their own home.
    [article.name]: async (data, articleId) => {
      const [found] = await data
        .system('a reader opens the files of a published article placed on their home')
        .list(article, { articleId, status: 'PUBLISHED' }, { limit: 1 });
      return found?.placements?.includes(homeOf(data)) ?? false;
    },
  },
});
