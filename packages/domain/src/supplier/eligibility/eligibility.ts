// Eligibility (ADR 0023): the one rule that says whether a supplier may be invited to sourcing,
// ordered from, received from or paid, for a category (or a material's category) in an
// organisation on a day. Every document that names a supplier asks it in its own save, submit or
// approval — requisitions (the suggested supplier), orders (and their approval), ASL
// applications, agreements, delivery notes, receipts; sourcing invitations and payments once
// those areas exist — so the imports, copies, splits and documents generated from requisitions
// that end in those saves cannot skip it (odoo/odoo #100213; docs/suppliers.md lists them).
//
// The answer is ALLOW, WARN or BLOCK with reasons, each naming the document behind it: a quit,
// a blacklist entry in force whose scope covers the purpose, no library line or one that is not
// QUALIFIED (introducing, suspended with its cause, quit), a mandatory certificate missing or
// expired on that day. A material that a running batch trial of an introducing line names may be
// ordered and received with a warning naming the trial (the trial lot). The batch form answers
// thousands of triples in eight queries (nine with trial lots, one more when a certificate lapsed:
// the library lines and the certificates' last valid days come as one row per supplier, the
// database aggregating), for pickers and the benchmark; the single form is the
// batch of one.
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type DataApi, type HookContext, dataApi } from '@srm/platform';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { supplierBlacklist } from '../supplier-blacklist/supplier-blacklist.entity';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';
import { qualificationRequirement } from '../qualification-requirement/qualification-requirement.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { BATCH_RUNNING_STATES, batchTrial, batchTrialLine } from '../batch-trial/batch-trial.entity';

/** What the supplier is to be trusted with. */
export const PURPOSES = ['INVITE', 'ORDER', 'RECEIVE', 'PAY'] as const;
export type Purpose = (typeof PURPOSES)[number];
export type Verdict = 'ALLOW' | 'WARN' | 'BLOCK';

export interface EligibilityQuery {
  readonly supplierId: number;
  readonly orgId: number;
  /** The purchase category; or give `itemId` and the item's category is used. */
  readonly categoryId?: number | null;
  readonly itemId?: number | null;
}

export interface Reason {
  readonly level: 'WARN' | 'BLOCK';
  /** Message key, with its parameters (names, numbers, dates). */
  readonly message: string;
  readonly params: Readonly<Record<string, string>>;
  /** The English names of the supplier, organisation, category and material, for English readers. */
  readonly english?: Readonly<Record<string, string>>;
  /** The document behind it, where there is one. */
  readonly document?: { readonly entity: string; readonly id: number; readonly number?: string };
}

export interface Eligibility {
  readonly verdict: Verdict;
  readonly reasons: readonly Reason[];
  /** The library line that decided (the most specific one covering category and organisation). */
  readonly categoryOrgId: number | null;
  /**
   * The running batch trial that admits the material while its line is still introducing
   * (ORDER and RECEIVE of a material the trial names): an order of it stays within the lot.
   */
  readonly trial?: {
    readonly id: number;
    readonly number: string;
    readonly trialQuantity: number;
    /** When the trial was made: orders of its material since then count against the lot. */
    readonly since: Date;
  };
}

interface TreeNode {
  readonly id: number;
  readonly parent: number | null;
  readonly name: string;
  /** The English name, where there is one. */
  readonly nameEn: string | null;
}

const textOrNull = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

interface LineRow {
  readonly id: number;
  readonly supplierId: number;
  readonly categoryId: number;
  readonly orgId: number;
  readonly status: string;
  readonly suspendReason: string | null;
}

const MAX_DEPTH = 20;
const ids = (values: Iterable<number>) => sql.param([...new Set(values)]);

/** The platform's reader: the rule is the platform's, whoever saves the document. */
function readerOf(context: HookContext): DataApi {
  return dataApi(context, 'eligibility').system('eligibility reads suppliers, lines and certificates');
}

function ancestors(nodes: ReadonlyMap<number, TreeNode>, first: number): TreeNode[] {
  const chain: TreeNode[] = [];
  const seen = new Set<number>();
  let next: number | null = first;
  while (next !== null && !seen.has(next) && chain.length < MAX_DEPTH) {
    seen.add(next);
    const node = nodes.get(next);
    if (!node) break;
    chain.push(node);
    next = node.parent;
  }
  return chain;
}

/** Which blacklist scope flag covers a purpose. */
const SCOPE_OF: Readonly<Record<Purpose, 'scopeSourcing' | 'scopeOrder' | 'scopePayment'>> = {
  INVITE: 'scopeSourcing',
  ORDER: 'scopeOrder',
  RECEIVE: 'scopeOrder',
  PAY: 'scopePayment',
};

/**
 * What one query found, as it is found: its reasons, the English names they may need, and the
 * batch trial that admits its material. One per query, its methods shared (the batch answers
 * thousands of queries).
 */
class Findings {
  readonly reasons: Reason[] = [];
  /** The English names of what the reasons name, as they become known. */
  readonly english: Record<string, string> = {};
  trial: Eligibility['trial'];

  /** lineLevel: how a library line that does not allow the purpose counts (a receipt only warns). */
  constructor(private readonly lineLevel: Reason['level']) {}

  block(message: string, params: Record<string, string>, document?: Reason['document']): void {
    this.reasons.push({ level: 'BLOCK', message, params, ...(document ? { document } : {}) });
  }

  line(message: string, params: Record<string, string>, document?: Reason['document']): void {
    this.reasons.push({ level: this.lineLevel, message, params, ...(document ? { document } : {}) });
  }

  answer(categoryOrgId: number | null = null): Eligibility {
    const { reasons, trial } = this;
    return {
      verdict: reasons.some((x) => x.level === 'BLOCK') ? 'BLOCK' : reasons.length ? 'WARN' : 'ALLOW',
      reasons: reasons.length ? reasons.map((reason) => this.withEnglish(reason)) : reasons,
      categoryOrgId,
      ...(trial ? { trial } : {}),
    };
  }

  private withEnglish(reason: Reason): Reason {
    const names = Object.entries(this.english).filter(([key]) => key in reason.params);
    return names.length ? { ...reason, english: Object.fromEntries(names) } : reason;
  }
}

/**
 * The batch form: one answer per query, in order. `day` (YYYY-MM-DD) defaults to today in the
 * platform's time zone.
 */
export async function eligibilityBatch(
  context: HookContext,
  queries: readonly EligibilityQuery[],
  purpose: Purpose,
  day?: string,
): Promise<Eligibility[]> {
  if (!queries.length) return [];
  const data = readerOf(context);
  const on = day ?? dayIn(data.now, data.runtime.timeZone);
  const { tx, runtime } = data;
  const supplierIds = queries.map((q) => q.supplierId);

  const itemIds = queries.flatMap((q) => (q.itemId == null ? [] : [q.itemId]));
  const s = runtime.table(supplierInfo.name);
  const it = runtime.table('srmBaseItem');
  const c = runtime.table('srmBaseCategory');
  const o = runtime.table('srmBaseOrg');
  const l = runtime.table(supplierCategoryOrg.name);
  const b = runtime.table(supplierBlacklist.name);
  const r = runtime.table(qualificationRequirement.name);
  const scope = SCOPE_OF[purpose];
  const anyOf = (values: Iterable<number>) => sql`any(${ids(values)}::bigint[])`;
  /** The rows of a select as one JSON array (a subquery of the statement below). */
  const rowsOf = (select: SQL) => sql`(select coalesce(json_agg(found), '[]'::json) from (${select}) found)`;
  // Everything the rule reads whatever it finds, in one statement (each part a JSON array): the
  // suppliers, the materials, both trees (master data of a few thousand rows at most: read
  // whole, walked in memory), the suppliers' library lines, their blacklist entries in force for
  // the purpose, and the certificate types required.
  const [read] = await queryRows<{
    suppliers: { id: number; name: string; nameEn: string | null; status: string }[];
    items: { id: number; code: string; name: string; nameEn: string | null; categoryId: number | null }[];
    categories: { id: number; parent: number | null; name: string; nameEn: string | null }[];
    orgs: { id: number; parent: number | null; name: string; nameEn: string | null }[];
    lines: {
      id: number;
      supplierId: number;
      categoryId: number;
      orgId: number;
      status: string;
      suspendReason: string | null;
    }[];
    blacklist: { id: number; number: string; supplierId: number; reason: string | null }[];
    requirements: { categoryId: number; orgId: number | null; type: string; mandatory: string }[];
  }>(
    tx,
    sql`select
      ${rowsOf(sql`select ${s.supplierId!} as id, ${s.supplierName!} as name, ${s.supplierNameEn!} as "nameEn",
                          ${s.status!} as status
                   from ${s} where ${s.supplierId!} = ${anyOf(supplierIds)}`)} as suppliers,
      ${rowsOf(sql`select ${it.itemId!} as id, ${it.itemCode!} as code, ${it.itemName!} as name,
                          ${it.itemNameEn!} as "nameEn", ${it.categoryId!} as "categoryId"
                   from ${it} where ${it.itemId!} = ${anyOf(itemIds)}`)} as items,
      ${rowsOf(sql`select ${c.categoryId!} as id, ${c.parentCategoryId!} as parent, ${c.categoryName!} as name,
                          ${c.categoryNameEn!} as "nameEn" from ${c}`)} as categories,
      ${rowsOf(sql`select ${o.orgId!} as id, ${o.parentOrgId!} as parent, ${o.orgName!} as name,
                          ${o.orgNameEn!} as "nameEn" from ${o}`)} as orgs,
      ${rowsOf(sql`select ${l.categoryOrgId!} as id, ${l.supplierId!} as "supplierId", ${l.categoryId!} as "categoryId",
                          ${l.orgId!} as "orgId", ${l.status!} as status, ${l.suspendReason!} as "suspendReason"
                   from ${l} where ${l.supplierId!} = ${anyOf(supplierIds)}`)} as lines,
      ${rowsOf(sql`select ${b.blacklistId!} as id, ${b.blacklistNum!} as number, ${b.supplierId!} as "supplierId",
                          ${b.publicReason!} as reason
                   from ${b}
                   where ${b.supplierId!} = ${anyOf(supplierIds)} and ${b.status!} = 'APPROVED'
                     and ${b[scope]!} = 'Y'
                     and (${b.permanentFlag!} = 'Y' or ${b.relieveDate!} > ${on}::date)`)} as blacklist,
      ${rowsOf(sql`select ${r.categoryId!} as "categoryId", ${r.orgId!} as "orgId", ${r.credentialType!} as type,
                          ${r.mandatoryFlag!} as mandatory
                   from ${r} where ${r.enabledFlag!} = 'Y'`)} as requirements`,
  );
  const found = read!;
  const suppliers = new Map(
    found.suppliers.map((row) => [
      Number(row.id),
      { name: String(row.name), nameEn: textOrNull(row.nameEn), status: String(row.status) },
    ]),
  );
  const items = new Map(
    found.items.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        code: String(row.code),
        name: String(row.name),
        nameEn: textOrNull(row.nameEn),
        categoryId: row.categoryId === null ? null : Number(row.categoryId),
      },
    ]),
  );
  const treeOf = (
    rows: readonly { id: number; parent: number | null; name: string; nameEn: string | null }[],
  ) =>
    new Map<number, TreeNode>(
      rows.map((row) => [
        Number(row.id),
        {
          id: Number(row.id),
          parent: row.parent === null ? null : Number(row.parent),
          name: String(row.name),
          nameEn: textOrNull(row.nameEn),
        },
      ]),
    );
  const categories = treeOf(found.categories);
  const orgs = treeOf(found.orgs);
  const linesBySupplier = new Map<number, LineRow[]>();
  for (const row of found.lines) {
    const supplierId = Number(row.supplierId);
    const line: LineRow = {
      id: Number(row.id),
      supplierId,
      categoryId: Number(row.categoryId),
      orgId: Number(row.orgId),
      status: String(row.status),
      suspendReason: row.suspendReason ?? null,
    };
    const lines = linesBySupplier.get(supplierId);
    if (lines) lines.push(line);
    else linesBySupplier.set(supplierId, [line]);
  }

  // Running batch trials of introducing lines: the materials they admit to orders and receipts.
  const trials = new Map<string, NonNullable<Eligibility['trial']>>();
  const introducing = [...linesBySupplier.values()].flat().filter((line) => line.status === 'INTRODUCING');
  if ((purpose === 'ORDER' || purpose === 'RECEIVE') && itemIds.length && introducing.length) {
    const bt = runtime.table(batchTrial.name);
    const btl = runtime.table(batchTrialLine.name);
    for (const row of await tx
      .select({
        id: bt.batchTrialId!,
        number: bt.batchTrialNum!,
        supplierId: bt.supplierId!,
        categoryId: bt.categoryId!,
        orgId: bt.orgId!,
        itemId: btl.itemId!,
        trialQuantity: btl.trialQuantity!,
        // Milliseconds since the epoch, as text (a bigint).
        since: sql<string>`(extract(epoch from ${bt.creationDate!}) * 1000)::bigint::text`,
      })
      .from(bt)
      .innerJoin(btl, eq(btl.batchTrialId!, bt.batchTrialId!))
      .where(
        and(
          sql`${bt.supplierId!} = any(${ids(introducing.map((line) => line.supplierId))}::bigint[])`,
          inArray(bt.status!, BATCH_RUNNING_STATES),
          sql`${btl.itemId!} = any(${ids(itemIds)}::bigint[])`,
        ) as SQL,
      ))
      trials.set(
        `${Number(row.supplierId)}:${Number(row.categoryId)}:${Number(row.orgId)}:${Number(row.itemId)}`,
        {
          id: Number(row.id),
          number: String(row.number),
          trialQuantity: Number(row.trialQuantity),
          since: new Date(Number(row.since)),
        },
      );
  }

  const blacklisted = new Map<number, { id: number; number: string; reason: string }>();
  for (const row of found.blacklist)
    blacklisted.set(Number(row.supplierId), {
      id: Number(row.id),
      number: String(row.number),
      reason: String(row.reason),
    });

  const requirements = found.requirements.map((row) => ({
    categoryId: Number(row.categoryId),
    orgId: row.orgId === null ? null : Number(row.orgId),
    type: String(row.type),
    mandatory: row.mandatory === 'Y',
  }));

  // One row per supplier and required type (not every certificate): the last day one of them is
  // valid (long-term counts as for ever) and the latest expiry; then, for the pairs with none valid
  // on the day only, the certificate to name (the one that expired last).
  const cr = runtime.table(supplierCredential.name);
  const credentials = new Map<
    string,
    { valid: boolean; id: number; number: string; expiryDate: string | null }
  >();
  if (requirements.length) {
    const types = [...new Set(requirements.map((q) => q.type))];
    const lapsed: { supplierId: number; type: string }[] = [];
    // Per supplier and type, then folded into one row per supplier (arrays): fewer rows to carry.
    const perType = tx
      .select({
        supplierId: sql<number>`${cr.supplierId!}`.as('supplier_id'),
        type: sql<string>`${cr.credentialType!}`.as('credential_type'),
        validUntil: sql<
          string | null
        >`max(case when ${cr.longTermFlag!} = 'Y' then date '9999-12-31' else ${cr.expiryDate!} end)::text`.as(
          'valid_until',
        ),
      })
      .from(cr)
      .where(
        and(
          sql`${cr.supplierId!} = any(${ids(supplierIds)}::bigint[])`,
          inArray(cr.credentialType!, types),
        ) as SQL,
      )
      .groupBy(cr.supplierId!, cr.credentialType!)
      .as('per_type');
    for (const row of await tx
      .select({
        supplierId: perType.supplierId,
        types: sql<string[]>`array_agg(${perType.type})`,
        validUntil: sql<(string | null)[]>`array_agg(${perType.validUntil})`,
      })
      .from(perType)
      .groupBy(perType.supplierId)) {
      const supplierId = Number(row.supplierId);
      row.types.forEach((type, index) => {
        const until = row.validUntil[index] ?? null;
        if (until !== null && until >= on)
          credentials.set(`${supplierId}:${type}`, { valid: true, id: 0, number: '', expiryDate: until });
        else lapsed.push({ supplierId, type });
      });
    }
    if (lapsed.length) {
      for (const row of await tx
        .selectDistinctOn([cr.supplierId!, cr.credentialType!], {
          id: cr.supplierCredentialId!,
          supplierId: cr.supplierId!,
          type: cr.credentialType!,
          number: cr.credentialNumber!,
          expiryDate: sql<string | null>`${cr.expiryDate!}::text`,
        })
        .from(cr)
        .where(
          sql`(${cr.supplierId!}, ${cr.credentialType!}) in (select * from unnest(${sql.param(
            lapsed.map((pair) => pair.supplierId),
          )}::bigint[], ${sql.param(lapsed.map((pair) => pair.type))}::text[]))`,
        )
        .orderBy(cr.supplierId!, cr.credentialType!, sql`${cr.expiryDate!} desc nulls last`))
        credentials.set(`${Number(row.supplierId)}:${String(row.type)}`, {
          valid: false,
          id: Number(row.id),
          number: String(row.number),
          expiryDate: row.expiryDate ?? null,
        });
    }
  }

  // The chains and the required types depend on the category and the organisation only: worked
  // out once per pair, not per query.
  const pairs = new Map<
    string,
    {
      categoryChain: TreeNode[];
      categoryRank: Map<number, number>;
      orgRank: Map<number, number>;
      required: [string, boolean][];
    }
  >();
  const pairOf = (categoryId: number, orgId: number) => {
    const key = `${categoryId}:${orgId}`;
    let pair = pairs.get(key);
    if (!pair) {
      const categoryChain = ancestors(categories, categoryId);
      const categoryRank = new Map(categoryChain.map((node, index) => [node.id, index]));
      const orgRank = new Map(ancestors(orgs, orgId).map((node, index) => [node.id, index]));
      const required = new Map<string, boolean>();
      for (const requirement of requirements) {
        if (!categoryRank.has(requirement.categoryId)) continue;
        if (requirement.orgId !== null && !orgRank.has(requirement.orgId)) continue;
        required.set(requirement.type, (required.get(requirement.type) ?? false) || requirement.mandatory);
      }
      pair = {
        categoryChain,
        categoryRank,
        orgRank,
        required: [...required].sort(([a], [b]) => a.localeCompare(b)),
      };
      pairs.set(key, pair);
    }
    return pair;
  };

  // Receiving what was ordered goes on with a warning where ordering anew would be refused.
  const lineLevel: Reason['level'] = purpose === 'RECEIVE' ? 'WARN' : 'BLOCK';
  return queries.map((query) => {
    const findings = new Findings(lineLevel);
    const { english } = findings;
    const supplier = suppliers.get(query.supplierId);
    const plant = orgs.get(query.orgId);
    const supplierName = supplier?.name ?? String(query.supplierId);
    if (supplier?.nameEn) english.supplier = supplier.nameEn;
    if (plant?.nameEn) english.org = plant.nameEn;
    if (!supplier) {
      findings.block('srmSupplierSupply.noSupplier', { supplier: supplierName });
      return findings.answer();
    }
    if (!plant) {
      findings.block('srmSupplierSupply.noOrg', { org: String(query.orgId) });
      return findings.answer();
    }
    const entry = blacklisted.get(query.supplierId);
    if (entry) {
      findings.block(
        'srmSupplierSupply.blacklisted',
        { supplier: supplierName, number: entry.number, reason: entry.reason },
        { entity: supplierBlacklist.name, id: entry.id, number: entry.number },
      );
    }
    if (supplier.status === 'QUIT' && purpose !== 'PAY') {
      const params = { supplier: supplierName };
      if (purpose === 'RECEIVE') findings.line('srmSupplierSupply.supplierQuit', params);
      else findings.block('srmSupplierSupply.supplierQuit', params);
    }
    if (purpose === 'PAY') return findings.answer();

    let categoryId = query.categoryId ?? null;
    let material = '';
    if (query.itemId != null) {
      const found = items.get(query.itemId);
      if (!found) {
        findings.block('srmSupplierSupply.noItem', { item: String(query.itemId) });
        return findings.answer();
      }
      material = `${found.code} ${found.name}`;
      if (found.nameEn) english.item = `${found.code} ${found.nameEn}`;
      categoryId ??= found.categoryId === null ? null : Number(found.categoryId);
      if (categoryId === null) {
        findings.block('srmSupplierSupply.itemNoCategory', { item: material });
        return findings.answer();
      }
    } else if (categoryId === null) {
      findings.block('srmSupplierSupply.noCategory', {});
      return findings.answer();
    }
    const { categoryChain, categoryRank, orgRank, required } = pairOf(categoryId, query.orgId);
    if (!categoryChain.length) {
      findings.block('srmSupplierSupply.noCategoryFound', { category: String(categoryId) });
      return findings.answer();
    }
    // The most specific line decides: the nearest category first, then the nearest organisation
    // (a suspended sub-category stays suspended under a qualified parent category).
    let deciding: LineRow | undefined;
    let best = Infinity;
    for (const line of linesBySupplier.get(query.supplierId) ?? []) {
      const cr = categoryRank.get(line.categoryId);
      const or = orgRank.get(line.orgId);
      if (cr === undefined || or === undefined) continue;
      const rank = cr * MAX_DEPTH + or;
      if (rank < best) {
        best = rank;
        deciding = line;
      }
    }
    const suffix = material ? 'Item' : '';
    const params: Record<string, string> = {
      supplier: supplierName,
      category: categoryChain[0]!.name,
      org: plant.name,
      ...(material ? { item: material } : {}),
    };
    if (categoryChain[0]!.nameEn) english.category = categoryChain[0]!.nameEn;
    const lineDoc = deciding ? { entity: supplierCategoryOrg.name, id: deciding.id } : undefined;
    if (!deciding) {
      findings.line(`srmSupplierSupply.notInLibrary${suffix}`, params);
    } else if (deciding.status === 'SUSPENDED') {
      findings.line(
        `srmSupplierSupply.lineSuspended${suffix}`,
        { ...params, reason: deciding.suspendReason ?? '' },
        lineDoc,
      );
    } else if (deciding.status === 'INTRODUCING' && purpose === 'INVITE') {
      // Sourcing may already ask a supplier under introduction for prices.
      findings.reasons.push({
        level: 'WARN',
        message: `srmSupplierSupply.lineIntroducing${suffix}`,
        params,
        document: lineDoc!,
      });
    } else if (
      deciding.status === 'INTRODUCING' &&
      query.itemId != null &&
      (findings.trial = trials.get(
        `${query.supplierId}:${deciding.categoryId}:${deciding.orgId}:${query.itemId}`,
      ))
    ) {
      // A trial lot of a material its running batch trial names may be ordered and received.
      findings.reasons.push({
        level: 'WARN',
        message: 'srmSupplierSupply.lineTrialItem',
        params: { ...params, number: findings.trial.number },
        document: { entity: batchTrial.name, id: findings.trial.id, number: findings.trial.number },
      });
    } else if (deciding.status !== 'QUALIFIED') {
      findings.line(
        `srmSupplierSupply.lineNotQualified${suffix}`,
        { ...params, status: deciding.status },
        lineDoc,
      );
    }

    // Certificates the category (or a parent) requires in this organisation (or a parent, or any).
    for (const [type, mandatory] of required) {
      const held = credentials.get(`${query.supplierId}:${type}`);
      if (held?.valid) continue;
      const level: Reason['level'] = mandatory ? lineLevel : 'WARN';
      findings.reasons.push(
        held
          ? {
              level,
              message: 'srmSupplierSupply.certExpired',
              params: { ...params, type, number: held.number, expiryDate: held.expiryDate ?? '' },
              document: { entity: supplierCredential.name, id: held.id, number: held.number },
            }
          : { level, message: 'srmSupplierSupply.certMissing', params: { ...params, type } },
      );
    }
    return findings.answer(deciding?.id ?? null);
  });
}

/** The single form: the batch of one. */
export async function eligibility(
  context: HookContext,
  query: EligibilityQuery,
  purpose: Purpose,
  day?: string,
): Promise<Eligibility> {
  return (await eligibilityBatch(context, [query], purpose, day))[0]!;
}
