// What the auction item categories decide (server): whether an auction may run for its category
// and materials, and whether its award needs the engineer's sign-off. A listed category covers
// its sub-categories; with none listed (or none enabled), any material may be auctioned.
import type { RuleIssue } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { category, item } from '../../base-data';
import { auctionCategory } from './auction-category.entity';

const platform = (ctx: DataApi) => ctx.system('an auction reads the auction item categories');

const listed = (ctx: DataApi) => platform(ctx).list(auctionCategory, { enabledFlag: 'Y' });

/** The category and its ancestors, nearest first (the tree is a few levels deep). */
async function lineage(ctx: DataApi, categoryId: number | null): Promise<number[]> {
  const chain: number[] = [];
  let next = categoryId;
  while (next !== null && !chain.includes(next)) {
    chain.push(next);
    const [found] = await platform(ctx).list(category, { categoryId: next }, { limit: 1 });
    next = found?.parentCategoryId ?? null;
  }
  return chain;
}

/** Why an auction of this category and these materials may not run (or null). */
export async function categoryIssue(
  ctx: DataApi,
  categoryId: number | null,
  lines: readonly { lineNum: number; itemId: number }[],
): Promise<RuleIssue | null> {
  const allowed = await listed(ctx);
  if (!allowed.length) return null;
  if (categoryId === null) return { field: 'categoryId', message: 'srmAuction.categoryRequired' };
  if (!allowed.some((row) => row.categoryId === categoryId))
    return { field: 'categoryId', message: 'srmAuction.categoryNotAuctioned' };
  for (const line of lines) {
    const [material] = await platform(ctx).list(item, { itemId: line.itemId }, { limit: 1 });
    if (!(await lineage(ctx, material?.categoryId ?? null)).includes(categoryId))
      return {
        field: 'items',
        message: 'srmAuction.itemOutsideCategory',
        params: { line: line.lineNum, item: material?.itemName ?? String(line.itemId) },
      };
  }
  return null;
}

/** Does the award of an auction of this category need the engineer's sign-off? */
export async function engineerRequired(ctx: DataApi, categoryId: number | null): Promise<boolean> {
  if (categoryId === null) return false;
  const [found] = await platform(ctx).list(auctionCategory, { categoryId, enabledFlag: 'Y' }, { limit: 1 });
  return found?.engineerAwardFlag === 'Y';
}
