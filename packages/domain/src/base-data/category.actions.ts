// Purchase categories on the server: the level follows the parent (and is carried down to the
// children when a category moves), and a category cannot be moved under itself.
import type { RuleIssue } from '@srm/kernel';
import { legacyActions } from '@srm/platform';
import { category } from './category.entity';
import { checkTreeParent, listAll } from './support';

export const categoryActions = legacyActions(category, {
  async beforeSave(context, { row }): Promise<RuleIssue | null> {
    const parentId = row.parentCategoryId as number | null;
    if (parentId === null || parentId === undefined) {
      row.levelNum = 1;
      return null;
    }
    const { parent, cycle } = await checkTreeParent(
      context,
      category.name,
      'categoryId',
      'parentCategoryId',
      (row.categoryId as number | undefined) ?? null,
      parentId,
    );
    if (cycle) return { field: 'parentCategoryId', message: 'srmBaseCategory.parentCycle' };
    row.levelNum = ((parent?.levelNum as number | null) ?? 0) + 1;
    return null;
  },

  async afterSave(context, { row, previous, id }) {
    if (!previous || previous.levelNum === row.levelNum) return;
    // Saving a child recomputes its level from this row; its own children follow in turn.
    const service = context.runtime.service(category.name);
    const children = await listAll(context, category.name, [
      { field: 'parentCategoryId', op: 'eq', value: id },
    ]);
    for (const child of children) {
      await service.save(context.actor, { categoryId: child.categoryId, versionNum: child.versionNum });
    }
  },
});
