// A quitting supplier's open work (未完成业务): the documents of other areas still under way with
// it. The supplier area does not import those areas (they import it); it reads their objects by
// name through the registry, each with the states that count as open, and skips an object whose
// area the application does not run. Orders block a quit; delivery notes are listed only.
// Statements and moulds join the list when their areas exist.
import type { AnyEntity } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';

interface OpenKind {
  readonly kind: 'ORDER' | 'DELIVERY';
  readonly entity: string;
  readonly numberField: string;
  readonly openStates: readonly string[];
  /** Its open documents keep the supplier (or the lines) from quitting. */
  readonly blocks: boolean;
}

const OPEN_KINDS: readonly OpenKind[] = [
  {
    kind: 'ORDER',
    entity: 'srmPoHeader',
    numberField: 'poNumber',
    openStates: ['APPROVING', 'APPROVED', 'RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED'],
    blocks: true,
  },
  {
    kind: 'DELIVERY',
    entity: 'srmPurAsnHeader',
    numberField: 'asnNumber',
    openStates: ['SUBMITTED', 'RECEIVING'],
    blocks: false,
  },
];

export interface OpenDocument {
  readonly kind: OpenKind['kind'];
  readonly entity: string;
  readonly id: number;
  readonly number: string;
  readonly status: string;
  readonly orgName: string | null;
  readonly blocks: boolean;
}

/** The library lines a quit names, as (category, organisation) pairs; null for the whole supplier. */
export type QuitLines = readonly { readonly categoryId: number; readonly orgId: number }[] | null;

type Row = Readonly<Record<string, unknown>>;

/** Every node of a tree under (and including) `root`. */
function below(rows: readonly Row[], key: string, parent: string, root: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const up = row[parent];
    if (up === null || up === undefined) continue;
    const list = children.get(Number(up)) ?? [];
    list.push(Number(row[key]));
    children.set(Number(up), list);
  }
  const found = new Set<number>([root]);
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/**
 * The supplier's open documents; for chosen lines only those of an organisation under a line's and
 * with a line of a category under the line's (an order's lines carry their category).
 */
export async function openWorkOf(
  ctx: DataApi,
  supplierId: number,
  lines: QuitLines,
): Promise<OpenDocument[]> {
  const data = ctx.system('a quit reads the supplier’s documents in other areas');
  const { registry } = data.runtime;
  let scopes: { categories: Set<number>; orgs: Set<number> }[] | null = null;
  if (lines) {
    const categories = await data.list(registry.get('srmBaseCategory') as AnyEntity, {});
    const orgs = await data.list(registry.get('srmBaseOrg') as AnyEntity, {});
    scopes = lines.map((line) => ({
      categories: below(categories as Row[], 'categoryId', 'parentCategoryId', line.categoryId),
      orgs: below(orgs as Row[], 'orgId', 'parentOrgId', line.orgId),
    }));
  }
  const open: OpenDocument[] = [];
  for (const kind of OPEN_KINDS) {
    const entity = registry.find(kind.entity) as AnyEntity | undefined;
    if (!entity) continue;
    const rows = (await data.list(entity, { supplierId, status: [...kind.openStates] } as never)) as Row[];
    for (const row of rows) {
      if (scopes && !(await inScopes(data, entity, row, scopes))) continue;
      open.push({
        kind: kind.kind,
        entity: kind.entity,
        id: Number(row[entity.key]),
        number: String(row[kind.numberField] ?? ''),
        status: String(row.status ?? ''),
        orgName: typeof row.orgName === 'string' ? row.orgName : null,
        blocks: kind.blocks,
      });
    }
  }
  return open;
}

/** A document of an organisation under a line's, with a line of a category under the line's. */
async function inScopes(
  data: DataApi,
  entity: AnyEntity,
  row: Row,
  scopes: readonly { categories: Set<number>; orgs: Set<number> }[],
): Promise<boolean> {
  const orgId = Number(row.orgId);
  const near = scopes.filter((scope) => scope.orgs.has(orgId));
  if (!near.length) return false;
  for (const lineEntity of Object.values(entity.lines as Readonly<Record<string, AnyEntity>>)) {
    if (!('categoryId' in lineEntity.fields)) continue;
    const lines = (await data.lines(lineEntity as AnyEntity, Number(row[entity.key]))) as Row[];
    if (lines.some((line) => near.some((scope) => scope.categories.has(Number(line.categoryId)))))
      return true;
  }
  return false;
}

/** The library lines a quit takes to QUIT: every line of the supplier, or the named ones. */
export async function quitLineIds(ctx: DataApi, supplierId: number, lines: QuitLines): Promise<number[]> {
  const all = await ctx
    .system('a quit reads the supplier’s library lines')
    .list(supplierCategoryOrg, { supplierId });
  return all
    .filter((line) => line.status !== 'QUIT')
    .filter((line) => !lines || lines.some((l) => l.categoryId === line.categoryId && l.orgId === line.orgId))
    .map((line) => line.categoryOrgId);
}
