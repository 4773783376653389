// A large sealed inquiry for the sourcing benchmarks: `items` materials × `suppliers` new
// suppliers, made through the engine as the buyer would make it (its save asks eligibility's
// INVITE for every supplier × material) and published by its approval action (one quotation of
// `items` lines per supplier). The prices are then written in bulk, sealed with the inquiry's own
// data key as the engine seals a quotation (a supplier's save would do the same line by line), the
// quotations marked submitted and the deadline moved into the past: ready for 确认开标 and 开标.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Actor, type EntityRuntime, SYSTEM_ACTOR, dataApi, dataKeyOf } from '@srm/platform';
import { inquiry } from '@srm/domain/sourcing';

/** The price supplier s quotes for material line i (distinct, so one lowest per material). */
export const priceOf = (s: number, i: number) =>
  Number((1 + ((s * 37 + i * 11) % 997) / 100 + s / 10_000).toFixed(4));

/** The quantity of material line i (1-based). */
export const quantityOf = (i: number) => 99 + i;

export interface SeededRfq {
  readonly inquiryId: number;
  /** The invited suppliers, in invitation order (supplier s of priceOf is the s-th). */
  readonly suppliers: readonly number[];
  readonly lines: number;
  /** The save with eligibility, the publishing, the prices sealed in bulk (ms). */
  readonly savedMs: number;
  readonly publishedMs: number;
  readonly pricedMs: number;
}

export const userActor = (userId: number): Actor => ({
  ...SYSTEM_ACTOR,
  system: false,
  userId,
  userName: `bench${userId}`,
});

/**
 * Makes the inquiry at OU100 in CNY over the first `items` materials (repeated when there are
 * fewer), with `suppliers` new suppliers qualified for every category, `buyerId` its buyer and
 * `openerId` its second opener.
 */
export async function seedSealedRfq(
  runtime: EntityRuntime,
  options: { items: number; suppliers: number; buyerId: number; openerId: number; title: string },
): Promise<SeededRfq> {
  const db = runtime.executor();
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ id: number }>(db, query))[0]!.id);
  const ou100 = await one(sql`select org_id as id from srm_base_org where org_code = 'OU100'`);
  const cny = await one(sql`select currency_id as id from srm_base_currency where currency_code = 'CNY'`);
  const items = await queryRows<{ id: number }>(
    db,
    sql`select item_id as id from srm_base_item order by item_code`,
  );
  const first = await one(sql`select coalesce(max(supplier_id), 0) as id from srm_supplier_info`);
  await db.execute(sql`
    insert into srm_supplier_info (supplier_code, supplier_name, credit_code, supplier_type, contact_name,
      contact_mobile, contact_email, enabled_flag, blacklist_flag, status, creation_date, last_update_date)
    select 'R' || lpad(n::text, 5, '0'), '询价基准供应商' || n || '有限公司', '91320000RFQX' || lpad(n::text, 6, '0'),
      'PRODUCTION', '联系人' || n, '1390000' || lpad(n::text, 4, '0'), 'sales' || n || '@supplier.example.cn',
      'Y', 'N', 'QUALIFIED', now(), now()
    from generate_series(1, ${options.suppliers}) n`);
  const suppliers = (
    await queryRows<{ id: number }>(
      db,
      sql`select supplier_id as id from srm_supplier_info where supplier_id > ${first} order by supplier_id`,
    )
  ).map((row) => Number(row.id));
  // Every new supplier qualified for every category at OU100 (eligibility lets the invitation through).
  await db.execute(sql`
    insert into srm_supplier_category_org (supplier_id, category_id, org_id, status, creation_date, last_update_date)
    select s.supplier_id, c.category_id, ${ou100}, 'QUALIFIED', now(), now()
      from srm_supplier_info s cross join srm_base_category c
     where s.supplier_id > ${first}`);
  // And holding, for good, every certificate a category requires (the demo company asks for some).
  await db.execute(sql`
    insert into srm_supplier_credential (supplier_id, credential_type, credential_number, long_term_flag,
      creation_date, last_update_date)
    select s.supplier_id, t.credential_type, 'BENCH-' || s.supplier_id, 'Y', now(), now()
      from srm_supplier_info s
      cross join (select distinct credential_type from srm_qualification_requirement) t
     where s.supplier_id > ${first}`);
  const data = (actor: Actor) =>
    dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'bench');

  let started = performance.now();
  const saved = await data(userActor(options.buyerId)).save(inquiry, {
    title: options.title,
    orgId: ou100,
    currencyId: cny,
    quoteDeadline: runtime.clock.nowMs() + 3_600_000,
    openersRequired: 2,
    items: Array.from({ length: options.items }, (_, i) => ({
      lineNum: i + 1,
      itemId: Number(items[i % items.length]!.id),
      quantity: quantityOf(i + 1),
    })),
    suppliers: suppliers.map((supplierId) => ({ supplierId })),
    jury: [{ userId: options.openerId, juryRole: 'OPENER' as const }],
  });
  const savedMs = performance.now() - started;
  const id = saved.inquiryId;
  await runtime.service(inquiry.name).writeSystemFields(SYSTEM_ACTOR, id, { status: 'APPROVING' }, 'bench');
  started = performance.now();
  await data(SYSTEM_ACTOR).act(inquiry, 'doApproval', [id]);
  const publishedMs = performance.now() - started;

  // The suppliers' prices, sealed with the inquiry's own data key (ADR 0041), and their submissions.
  started = performance.now();
  const sealer = runtime.sealer;
  const key = await dataKeyOf(db, sealer, `srmInquiry:${id}`, new Date());
  const seal = (value: unknown) => sealer.seal(value, key);
  const lines = await queryRows<{ id: number; supplier: number; line: number }>(
    db,
    sql`select l.quote_line_id as id, q.supplier_id as supplier, l.item_line_num as line
          from srm_inquiry_quote_line l join srm_inquiry_quote q on q.quote_id = l.quote_id
         where q.inquiry_id = ${id}`,
  );
  const index = new Map(suppliers.map((supplierId, n) => [supplierId, n]));
  for (let at = 0; at < lines.length; at += 5_000) {
    const batch = lines.slice(at, at + 5_000);
    const ids = batch.map((row) => Number(row.id));
    const prices = batch.map((row) => seal(priceOf(index.get(Number(row.supplier))!, Number(row.line))));
    const rates = batch.map(() => seal(13));
    const days = batch.map((row) => seal(5 + (Number(row.line) % 20)));
    const flags = batch.map(() => seal('N'));
    await db.execute(sql`
      update srm_inquiry_quote_line l
         set unit_price = v.p, tax_rate = v.r, lead_time_days = v.d, no_quote_flag = v.f
        from (select unnest(${sql.param(ids)}::bigint[]) as id, unnest(${sql.param(prices)}::text[]) as p,
                     unnest(${sql.param(rates)}::text[]) as r, unnest(${sql.param(days)}::text[]) as d,
                     unnest(${sql.param(flags)}::text[]) as f) v
       where l.quote_line_id = v.id`);
  }
  await db.execute(sql`
    update srm_inquiry_quote set status = 'SUBMITTED', submitted_date = now(),
           valid_to_date = ${seal('2099-12-31')}
     where inquiry_id = ${id}`);
  await db.execute(
    sql`update srm_inquiry set quote_deadline = now() - interval '1 minute' where inquiry_id = ${id}`,
  );
  await db.execute(sql`analyze`);
  return {
    inquiryId: id,
    suppliers,
    lines: lines.length,
    savedMs,
    publishedMs,
    pricedMs: performance.now() - started,
  };
}

/** The lowest price quoted for material line i, and the best-per-material total. */
export function expectedLowest(suppliers: number, items: number) {
  const lowest = (i: number) => Math.min(...Array.from({ length: suppliers }, (_, s) => priceOf(s, i)));
  let best = 0;
  for (let i = 1; i <= items; i++) best += lowest(i) * quantityOf(i);
  return { lowest, best };
}
