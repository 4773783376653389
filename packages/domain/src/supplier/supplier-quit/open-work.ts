// A quitting supplier's open work (未完成业务): the documents of other areas still under way with
// it. The supplier area does not import those areas (they import it); it reads their objects by
// name through the registry, each with the states that count as open, and skips an object whose
// area the application does not run. Orders block a quit; delivery notes are listed only, and so,
// for a quit of the whole supplier, is its settlement still under way (statements, invoices,
// payments, advances and deductions), with the money its ledger still holds: while either is open
// the quit supplier's portal stays open for the settlement (quit-portal.ts). Moulds join the list
// when their area exists.
import { type AnyEntity, type Decimal, dec } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';

interface OpenKind {
  readonly kind: 'ORDER' | 'DELIVERY' | 'STATEMENT' | 'INVOICE' | 'PAYMENT' | 'ADVANCE' | 'DEDUCTION';
  readonly entity: string;
  readonly numberField: string;
  readonly openStates: readonly string[];
  /** Its open documents keep the supplier (or the lines) from quitting. */
  readonly blocks: boolean;
  /** Money still to settle: listed for a quit of the whole supplier only (it has no lines). */
  readonly settlement?: boolean;
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
  {
    kind: 'STATEMENT',
    entity: 'srmStlAccountHeader',
    numberField: 'accountNumber',
    openStates: ['DRAFT', 'SENT', 'DISPUTED'],
    blocks: false,
    settlement: true,
  },
  {
    kind: 'INVOICE',
    entity: 'srmStlInvoiceHeader',
    numberField: 'invoiceDocNum',
    openStates: ['DRAFT', 'SUBMITTED', 'EXCEPTION', 'RETURNED'],
    blocks: false,
    settlement: true,
  },
  {
    kind: 'PAYMENT',
    entity: 'srmStlPaymentHeader',
    numberField: 'paymentNumber',
    openStates: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED'],
    blocks: false,
    settlement: true,
  },
  {
    kind: 'ADVANCE',
    entity: 'srmStlAdvance',
    numberField: 'advanceNumber',
    openStates: ['APPROVING', 'APPROVED'],
    blocks: false,
    settlement: true,
  },
  {
    kind: 'DEDUCTION',
    entity: 'srmStlDeduction',
    numberField: 'deductionNumber',
    openStates: ['ISSUED', 'DISPUTED'],
    blocks: false,
    settlement: true,
  },
];

/** The ledger's accounts whose balance is money still to settle with the supplier. */
const SETTLED_ACCOUNTS = ['GRIR', 'AP', 'ADVANCE', 'DEDUCTION'];

export interface OpenDocument {
  readonly kind: OpenKind['kind'];
  readonly entity: string;
  readonly id: number;
  readonly number: string;
  readonly status: string;
  /** The lookup its status reads in. */
  readonly statusLookup: string;
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
    if (kind.settlement && lines) continue;
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
        statusLookup: entity.workflow?.statusLookup ?? 'DOC_STATUS',
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

/**
 * The supplier's settlement still open: documents under way, or a balance its ledger still holds
 * on an account of the settlement (received not invoiced, payable, advances, deductions).
 */
export async function settlementOpen(ctx: DataApi, supplierId: number): Promise<boolean> {
  if ((await openWorkOf(ctx, supplierId, null)).some((document) => isSettlement(document.kind))) return true;
  const data = ctx.system('a quit reads what the supplier’s ledger still holds');
  const ledger = data.runtime.registry.find('srmStlLedger') as AnyEntity | undefined;
  if (!ledger) return false;
  const totals = new Map<string, Decimal>();
  for (const row of (await data.list(ledger, { supplierId } as never)) as Row[]) {
    const account = String(row.accountCode);
    if (!SETTLED_ACCOUNTS.includes(account)) continue;
    const key = `${String(row.orgId)}:${String(row.currencyId)}:${account}`;
    totals.set(
      key,
      (totals.get(key) ?? dec(0))
        .add(dec(String(row.debitAmount ?? 0)))
        .sub(dec(String(row.creditAmount ?? 0))),
    );
  }
  return [...totals.values()].some((total) => !total.isZero());
}

const isSettlement = (kind: OpenKind['kind']) =>
  OPEN_KINDS.some((one) => one.kind === kind && one.settlement);
