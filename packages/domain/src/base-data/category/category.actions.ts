// Purchase categories on the server: the level follows the parent (and is carried down to the
// children when a category moves), and a category cannot be moved under itself.
import { defineActions } from '@srm/platform';
import { treeParent } from '../support';
import { category } from './category.entity';

export const categoryActions = defineActions(category, {
  async beforeSave(ctx) {
    const { row } = ctx;
    if (row.parentCategoryId == null) {
      row.levelNum = 1;
      return null;
    }
    const { parent, cycle } = await treeParent(
      row.categoryId,
      row.parentCategoryId,
      async (id) => (await ctx.list(category, { categoryId: id }, { limit: 1 }))[0],
      (found) => found.parentCategoryId,
    );
    if (cycle) return { field: 'parentCategoryId', message: 'srmBaseCategory.parentCycle' };
    row.levelNum = (parent?.levelNum ?? 0) + 1;
    return null;
  },

  async afterSave(ctx) {
    if (!ctx.previous || ctx.previous.levelNum === ctx.row.levelNum) return;
    // Saving a child through the engine recomputes its level from this row (beforeSave above);
    // its own children follow in turn.
    for (const child of await ctx.list(category, { parentCategoryId: ctx.id })) {
      await ctx.save(category, { categoryId: child.categoryId, versionNum: child.versionNum });
    }
  },
});
