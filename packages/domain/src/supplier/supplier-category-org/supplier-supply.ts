// Whether a supplier may supply a category (or an item's category) to an organisation: the
// check purchasing documents (requisitions, orders, ASL, agreements) run before they name a
// supplier. Server-only; other areas reach it through `supplier/server.ts`. See docs/suppliers.md.
import { AppError, type DataApi, type HookContext, dataApi } from '@srm/platform';
import { category, item, org } from '../../base-data';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierCategoryOrg } from './supplier-category-org.entity';

export interface SupplyQuery {
  readonly supplierId: number;
  /** The purchase category; or give `itemId` and the item's category is used. */
  readonly categoryId?: number | null;
  readonly itemId?: number | null;
  readonly orgId: number;
}

/** Supplier states in which nothing may be bought from the supplier at all. */
export const BLOCKED_SUPPLIER_STATES: readonly string[] = ['FROZEN', 'BLACKLISTED', 'ELIMINATED'];

export type SupplyVerdict =
  | { readonly allowed: true; readonly categoryOrgId: number }
  | {
      readonly allowed: false;
      /** Message key of the reason, with its parameters (names of supplier, category or item, org). */
      readonly message: string;
      readonly params: Readonly<Record<string, string>>;
    };

/** A hook's, action's or endpoint's context (a `DataApi`): the check runs in its transaction. */
export type SupplyContext = HookContext;

const MAX_DEPTH = 20;

/**
 * The reads of the check. The rule is the platform's, whoever saves the document: a supplier
 * answering an order cannot read materials, an organisation-limited buyer may name a plant whose
 * operating unit holds the library line. So the rows are read on the platform's authority; the
 * verdict names only the supplier, material and organisation the caller's own document names.
 */
function readerOf(context: SupplyContext): DataApi {
  return dataApi(context, 'supplyCheck').system(
    'the supply rule reads the library on the platform’s authority',
  );
}

/** The row and its ancestors through the tree's parent field, nearest first. */
async function withAncestors<R>(
  first: number,
  read: (id: number) => Promise<R | undefined>,
  parentOf: (row: R) => number | null,
): Promise<R[]> {
  const chain: R[] = [];
  const seen = new Set<number>();
  let next: number | null = first;
  while (next !== null && !seen.has(next) && chain.length < MAX_DEPTH) {
    seen.add(next);
    const row = await read(next);
    if (!row) break;
    chain.push(row);
    next = parentOf(row);
  }
  return chain;
}

/**
 * The verdict with its reason: the supplier exists and is not frozen, blacklisted or eliminated,
 * and the most specific line of the category and org library covering the category (or one of
 * its parents) and the organisation (or one of its parents) is QUALIFIED.
 */
export async function checkSupplierSupply(
  context: SupplyContext,
  query: SupplyQuery,
): Promise<SupplyVerdict> {
  const ctx = readerOf(context);
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const supplier = await one(ctx.list(supplierInfo, { supplierId: query.supplierId }, { limit: 1 }));
  const plant = await one(ctx.list(org, { orgId: query.orgId }, { limit: 1 }));
  const supplierName = supplier?.supplierName ?? String(query.supplierId);
  const orgName = plant?.orgName ?? String(query.orgId);
  if (!supplier)
    return { allowed: false, message: 'srmSupplierSupply.noSupplier', params: { supplier: supplierName } };
  if (!plant) return { allowed: false, message: 'srmSupplierSupply.noOrg', params: { org: orgName } };
  const supplierState = supplier.status;
  if (BLOCKED_SUPPLIER_STATES.includes(supplierState)) {
    return {
      allowed: false,
      message: `srmSupplierSupply.supplier${supplierState.charAt(0)}${supplierState.slice(1).toLowerCase()}`,
      params: { supplier: supplierName },
    };
  }
  let categoryId = query.categoryId ?? null;
  let material = '';
  if (query.itemId != null) {
    const found = await one(ctx.list(item, { itemId: query.itemId }, { limit: 1 }));
    if (!found)
      return { allowed: false, message: 'srmSupplierSupply.noItem', params: { item: String(query.itemId) } };
    material = `${found.itemCode} ${found.itemName}`;
    categoryId ??= found.categoryId;
    if (categoryId === null) {
      return { allowed: false, message: 'srmSupplierSupply.itemNoCategory', params: { item: material } };
    }
  } else if (categoryId === null) {
    return { allowed: false, message: 'srmSupplierSupply.noCategory', params: {} };
  }
  const categories = await withAncestors(
    categoryId,
    (id) => one(ctx.list(category, { categoryId: id }, { limit: 1 })),
    (row) => row.parentCategoryId,
  );
  if (!categories.length) {
    return {
      allowed: false,
      message: 'srmSupplierSupply.noCategoryFound',
      params: { category: String(categoryId) },
    };
  }
  const categoryName = categories[0]!.categoryName;
  const orgs = await withAncestors(
    query.orgId,
    (id) => one(ctx.list(org, { orgId: id }, { limit: 1 })),
    (row) => row.parentOrgId,
  );
  const lines = await ctx.list(supplierCategoryOrg, {
    supplierId: query.supplierId,
    categoryId: categories.map((row) => row.categoryId),
    orgId: orgs.map((row) => row.orgId),
  });
  // The most specific line decides: the nearest category first, then the nearest organisation
  // (a frozen sub-category stays frozen under a qualified parent category).
  const categoryRank = new Map(categories.map((row, index) => [row.categoryId, index]));
  const orgRank = new Map(orgs.map((row, index) => [row.orgId, index]));
  const rank = (line: (typeof lines)[number]) =>
    categoryRank.get(line.categoryId)! * MAX_DEPTH + orgRank.get(line.orgId)!;
  const deciding = [...lines].sort((a, b) => rank(a) - rank(b))[0];
  if (deciding?.status === 'QUALIFIED') return { allowed: true, categoryOrgId: deciding.categoryOrgId };
  const params = {
    supplier: supplierName,
    category: categoryName,
    org: orgName,
    ...(material ? { item: material } : {}),
  };
  const suffix = material ? 'Item' : '';
  if (deciding) {
    return {
      allowed: false,
      message: `srmSupplierSupply.lineNotQualified${suffix}`,
      params: { ...params, status: deciding.status },
    };
  }
  return { allowed: false, message: `srmSupplierSupply.notInLibrary${suffix}`, params };
}

/** True when the supplier may supply the category (or item) to the organisation. */
export async function supplierMaySupply(context: SupplyContext, query: SupplyQuery): Promise<boolean> {
  return (await checkSupplierSupply(context, query)).allowed;
}

/**
 * Throws the engine's business error (HTTP 422, status E) naming the supplier, the category or
 * item and the organisation, in the caller's language, unless the supplier may supply.
 */
export async function assertSupplierMaySupply(context: SupplyContext, query: SupplyQuery): Promise<void> {
  const verdict = await checkSupplierSupply(context, query);
  if (verdict.allowed) return;
  const { message, params } = verdict;
  const { runtime } = context;
  throw new AppError(422, message, params, undefined, (locale) => ({
    msg: runtime.t(locale, message, {
      ...params,
      ...(params.status
        ? { status: runtime.t(locale, `lookup.SRM_CATEGORY_ORG_STATUS.${params.status}`) }
        : {}),
    }),
  }));
}
