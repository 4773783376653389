// Auction item categories (竞价物料品类): which material categories may be auctioned, and whether
// an auction of one needs the engineer's technical sign-off on its award (定标工程师确认) after
// the award's approval. A category covers its sub-categories. While no category is listed, any
// material may be auctioned and no award needs the engineer (docs/sourcing.md).
import { checkbox, defineEntity, ref, text } from '@srm/kernel';

export const auctionCategory = defineEntity('srmAuctionCategory', {
  area: 'sourcing',
  key: 'auctionCategoryId',
  display: 'categoryId',
  fields: {
    categoryId: ref('srmBaseCategory', {
      required: true,
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** The award of an auction of this category is signed off by the auction's engineer too. */
    engineerAwardFlag: checkbox({ default: 'N' }),
    enabledFlag: checkbox({ default: 'Y' }),
    remark: text({ max: 500 }),
  },
  unique: [['categoryId']],
  list: {
    columns: ['categoryName', 'engineerAwardFlag', 'enabledFlag', 'remark'],
    filters: ['categoryId', 'enabledFlag'],
    sort: [{ field: 'auctionCategoryId', order: 'asc' }],
  },
});
