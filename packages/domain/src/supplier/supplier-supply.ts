// Whether a supplier may supply a category (or an item's category) to an organisation: the
// check purchasing documents (requisitions, orders, ASL, agreements) run before they name a
// supplier. Server-only; exported from `@srm/domain/server`. See docs/suppliers.md.
import { AppError, type EntityRuntime, type Row, SYSTEM_ACTOR } from '@srm/platform';

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

/** Anything holding the runtime: a hook's context (its transaction is used automatically). */
export interface SupplyContext {
  readonly runtime: EntityRuntime;
}

const MAX_DEPTH = 20;

async function findRow(context: SupplyContext, entity: string, id: number): Promise<Row | null> {
  const service = context.runtime.service(entity);
  const { rows } = await service.list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 1,
    filters: [{ field: service.entity.key, op: 'eq', value: id }],
    sort: [],
  });
  return rows[0] ?? null;
}

/** The row and its ancestors through the tree's parent field, nearest first. */
async function withAncestors(
  context: SupplyContext,
  entity: string,
  parentField: string,
  id: number,
): Promise<Row[]> {
  const chain: Row[] = [];
  const seen = new Set<number>();
  let next: number | null = id;
  while (next !== null && !seen.has(next) && chain.length < MAX_DEPTH) {
    seen.add(next);
    const row = await findRow(context, entity, next);
    if (!row) break;
    chain.push(row);
    next = (row[parentField] as number | null) ?? null;
  }
  return chain;
}

const name = (row: Row | null | undefined, field: string, fallback: unknown) =>
  String(row?.[field] ?? fallback);

/**
 * The verdict with its reason: the supplier exists and is not frozen, blacklisted or eliminated,
 * and the most specific line of the category and org library covering the category (or one of
 * its parents) and the organisation (or one of its parents) is QUALIFIED.
 */
export async function checkSupplierSupply(
  context: SupplyContext,
  query: SupplyQuery,
): Promise<SupplyVerdict> {
  const supplier = await findRow(context, 'srmSupplierInfo', query.supplierId);
  const org = await findRow(context, 'srmBaseOrg', query.orgId);
  const supplierName = name(supplier, 'supplierName', query.supplierId);
  const orgName = name(org, 'orgName', query.orgId);
  if (!supplier)
    return { allowed: false, message: 'srmSupplierSupply.noSupplier', params: { supplier: supplierName } };
  if (!org) return { allowed: false, message: 'srmSupplierSupply.noOrg', params: { org: orgName } };
  const supplierState = String(supplier.status ?? '');
  if (BLOCKED_SUPPLIER_STATES.includes(supplierState)) {
    return {
      allowed: false,
      message: `srmSupplierSupply.supplier${supplierState.charAt(0)}${supplierState.slice(1).toLowerCase()}`,
      params: { supplier: supplierName },
    };
  }
  let categoryId = query.categoryId ?? null;
  let item = '';
  if (query.itemId != null) {
    const found = await findRow(context, 'srmBaseItem', query.itemId);
    if (!found)
      return { allowed: false, message: 'srmSupplierSupply.noItem', params: { item: String(query.itemId) } };
    item = `${String(found.itemCode)} ${String(found.itemName)}`;
    categoryId ??= (found.categoryId as number | null) ?? null;
    if (categoryId === null) {
      return { allowed: false, message: 'srmSupplierSupply.itemNoCategory', params: { item } };
    }
  } else if (categoryId === null) {
    return { allowed: false, message: 'srmSupplierSupply.noCategory', params: {} };
  }
  const categories = await withAncestors(context, 'srmBaseCategory', 'parentCategoryId', categoryId);
  if (!categories.length) {
    return {
      allowed: false,
      message: 'srmSupplierSupply.noCategoryFound',
      params: { category: String(categoryId) },
    };
  }
  const category = String(categories[0]!.categoryName);
  const orgs = await withAncestors(context, 'srmBaseOrg', 'parentOrgId', query.orgId);
  const { rows } = await context.runtime.service('srmSupplierCategoryOrg').list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 500,
    filters: [
      { field: 'supplierId', op: 'eq', value: query.supplierId },
      { field: 'categoryId', op: 'in', value: categories.map((row) => row.categoryId) },
      { field: 'orgId', op: 'in', value: orgs.map((row) => row.orgId) },
    ],
    sort: [],
  });
  // The most specific line decides: the nearest category first, then the nearest organisation
  // (a frozen sub-category stays frozen under a qualified parent category).
  const categoryRank = new Map(categories.map((row, index) => [row.categoryId as number, index]));
  const orgRank = new Map(orgs.map((row, index) => [row.orgId as number, index]));
  const rank = (row: Row) =>
    categoryRank.get(row.categoryId as number)! * MAX_DEPTH + orgRank.get(row.orgId as number)!;
  const deciding = [...rows].sort((a, b) => rank(a) - rank(b))[0];
  if (deciding?.status === 'QUALIFIED')
    return { allowed: true, categoryOrgId: deciding.categoryOrgId as number };
  const params = { supplier: supplierName, category, org: orgName, ...(item ? { item } : {}) };
  const suffix = item ? 'Item' : '';
  const other = deciding;
  if (other) {
    return {
      allowed: false,
      message: `srmSupplierSupply.lineNotQualified${suffix}`,
      params: { ...params, status: String(other.status) },
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
