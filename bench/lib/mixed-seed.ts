// The mixed-load bench's data, set-based on the database a server has created and filled with the
// demo company (migrations and demo data): more suppliers, each with a user signing in with the
// demo password (copies of sup_a's user, its credential and its responsibility, as the demo seed
// made them); purchase orders over all suppliers (copies of the demo's first order with a status,
// an order date and amounts of their own, `ordersBig` of them with 50 lines, the others with
// `linesPerOrder`), their lines over the demo's materials (confirmed, closed or pending as their
// order); the closed orders' delivery notes, receipts and stock transactions; requisitions of 5
// lines. Then vacuumed, analysed and checkpointed, so that neither autovacuum nor the checkpoint
// the seeding causes falls into the measured minutes.
import type pg from 'pg';

export interface SeedSizes {
  orders: number;
  linesPerOrder: number;
  /** Orders with 50 lines (the first ones; findById reads them). */
  ordersBig: number;
  requisitions: number;
  /** Suppliers (and supplier users) added to the demo's two. */
  suppliers: number;
}

export interface Seeded {
  /** sup_a's and sup_b's suppliers, then the added ones (mix_sup_1 … in order). */
  supplierIds: number[];
  orderLines: number;
  requisitionLines: number;
  noteLines: number;
  receiptLines: number;
}

/** Order statuses over every tenth order of a supplier (4 released, 3 confirmed, 1 closed, …). */
const ORDER_STATES = [
  'RELEASED',
  'CONFIRMED',
  'RELEASED',
  'APPROVED',
  'CONFIRMED',
  'RELEASED',
  'CLOSED',
  'CONFIRMED',
  'RELEASED',
  'DRAFT',
];
const REQUISITION_STATES = ['APPROVED', 'APPROVED', 'CLOSED', 'DRAFT', 'APPROVED'];
export const REQUISITION_LINES = 5;

const list = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

export async function seedMixed(db: pg.Client, sizes: SeedSizes): Promise<Seeded> {
  const one = async (text: string) => Number((await db.query<{ id: string }>(text)).rows[0]!.id);
  const columns = async (table: string) =>
    (
      await db.query<{ name: string }>(
        `select column_name as name from information_schema.columns where table_name = $1
           and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.name);
  /** `insert into table (cols) select <override or qualifier.col> …`. */
  const select = (names: string[], overrides: Record<string, string>, qualifier: string) =>
    names.map((name) => overrides[name] ?? `${qualifier}.${name}`).join(', ');

  const supA = await one(`select supplier_id as id from base_user where user_name = 'sup_a'`);
  const supB = await one(`select supplier_id as id from base_user where user_name = 'sup_b'`);

  // Suppliers and their users: copies of sup_a's supplier and user.
  const supplierColumns = await columns('srm_supplier_info');
  await db.query(
    `insert into srm_supplier_info (${supplierColumns.join(', ')})
     select ${select(
       supplierColumns,
       {
         supplier_code: `'MIX' || lpad(g::text, 5, '0')`,
         credit_code: `'91MIX' || lpad(g::text, 13, '0')`,
         supplier_name: `left(s.supplier_name, 40) || '压测' || g`,
         supplier_short_name: `left(s.supplier_short_name, 20) || g`,
       },
       's',
     )}
       from srm_supplier_info s, generate_series(1, ${sizes.suppliers}) g where s.supplier_id = ${supA}`,
  );
  const added = (
    await db.query<{ id: string }>(
      `select supplier_id as id from srm_supplier_info where supplier_code like 'MIX%' order by supplier_code`,
    )
  ).rows.map((row) => Number(row.id));
  const userColumns = await columns('base_user');
  const assignment = await columns('base_user_responsibility');
  for (const [index, supplierId] of added.entries()) {
    const name = `mix_sup_${index + 1}`;
    await db.query(
      `insert into base_user (${userColumns.join(', ')})
       select ${select(
         userColumns,
         {
           user_name: `'${name}'`,
           supplier_id: String(supplierId),
           email: `'${name}@example.cn'`,
           mobile: 'null',
         },
         'u',
       )} from base_user u where u.user_name = 'sup_a'`,
    );
    await db.query(
      `insert into base_user_credential (user_id, password_hash, must_change, password_changed_at)
       select n.user_id, c.password_hash, 'N', c.password_changed_at from base_user n, base_user o
         join base_user_credential c on c.user_id = o.user_id
        where n.user_name = $1 and o.user_name = 'sup_a'`,
      [name],
    );
    await db.query(
      `insert into base_user_responsibility (${assignment.join(', ')})
       select ${select(assignment, { user_id: '(select user_id from base_user where user_name = $1)' }, 'r')}
         from base_user_responsibility r join base_user o on o.user_id = r.user_id where o.user_name = 'sup_a'`,
      [name],
    );
  }
  const supplierIds = [supA, supB, ...added];
  const suppliers = supplierIds.length;

  // The materials the lines are spread over.
  const items = (
    await db.query<{ id: string }>(`select item_id as id from srm_base_item order by item_code`)
  ).rows.map((row) => Number(row.id));
  const itemOf = (expression: string) => `(array[${items.join(',')}])[1 + (${expression}) % ${items.length}]`;

  // Orders: copies of the demo's first order of sup_a; each supplier gets every tenth status.
  const template = await one(`select min(po_header_id) as id from srm_po_header where supplier_id = ${supA}`);
  const templateLine = await one(
    `select min(po_line_id) as id from srm_po_line where po_header_id = ${template}`,
  );
  const lineCount = `(case when s.g <= ${sizes.ordersBig} then 50 else ${sizes.linesPerOrder} end)`;
  const headerColumns = await columns('srm_po_header');
  await db.query(
    `insert into srm_po_header (${headerColumns.join(', ')})
     select ${select(
       headerColumns,
       {
         po_number: `'MIX' || lpad(s.g::text, 8, '0')`,
         supplier_id: `(array[${supplierIds.join(',')}])[1 + s.g % ${suppliers}]`,
         status: 's.status',
         order_date: `date '2026-01-01' + (s.g * 7919) % 330`,
         amount_excl_tax: `l.amount_excl_tax * ${lineCount}`,
         tax_amount: `l.tax_amount * ${lineCount}`,
         amount_incl_tax: `l.amount_incl_tax * ${lineCount}`,
         approved_date: `case when s.status <> 'DRAFT' then now() end`,
         released_date: `case when s.status in ('RELEASED', 'CONFIRMED', 'CLOSED') then now() end`,
         supplier_confirm_date: `case when s.status in ('CONFIRMED', 'CLOSED') then now() end`,
       },
       't',
     )}
       from srm_po_header t
       join srm_po_line l on l.po_line_id = ${templateLine}
       cross join (select g, (${list(ORDER_STATES)})[1 + (g / ${suppliers}) % ${ORDER_STATES.length}] as status
                     from generate_series(1, ${sizes.orders}) g) s
      where t.po_header_id = ${template}`,
  );
  const lineColumns = await columns('srm_po_line');
  await db.query(
    `insert into srm_po_line (${lineColumns.join(', ')})
     select ${select(
       lineColumns,
       {
         po_header_id: 'h.po_header_id',
         line_num: 'n',
         item_id: 'i.item_id',
         item_name: 'i.item_name',
         specification: 'i.specification',
         category_id: 'i.category_id',
         uom_id: 'i.uom_id',
         supplier_confirm_status: `case when h.status in ('CONFIRMED', 'CLOSED') then 'CONFIRMED' else 'PENDING' end`,
         promised_date: `case when h.status in ('CONFIRMED', 'CLOSED') then l.need_by_date end`,
         closed_flag: `case when h.status = 'CLOSED' then 'Y' else 'N' end`,
         received_quantity: `case when h.status = 'CLOSED' then l.quantity else 0 end`,
       },
       'l',
     )}
       from srm_po_line l
       cross join (select po_header_id, status, row_number() over (order by po_header_id) as g
                     from srm_po_header where po_number like 'MIX%') h
       cross join lateral generate_series(1, case when h.g <= ${sizes.ordersBig} then 50 else ${sizes.linesPerOrder} end) n
       join srm_base_item i on i.item_id = ${itemOf('h.g * 7 + n')}
      where l.po_line_id = ${templateLine}`,
  );
  await seedDeliveries(db, columns, select);

  // Requisitions: copies of the demo's first approved one, 5 lines each, in the demand pool when
  // approved.
  const requisition = await one(
    `select min(requisition_header_id) as id from srm_pur_requisition_header where status = 'APPROVED'`,
  );
  const requisitionLine = await one(
    `select min(requisition_line_id) as id from srm_pur_requisition_line where requisition_header_id = ${requisition}`,
  );
  const requisitionColumns = await columns('srm_pur_requisition_header');
  await db.query(
    `insert into srm_pur_requisition_header (${requisitionColumns.join(', ')})
     select ${select(
       requisitionColumns,
       {
         requisition_number: `'MIXPR' || lpad(s.g::text, 8, '0')`,
         status: 's.status',
         requisition_date: `date '2026-01-01' + (s.g * 7919) % 330`,
         total_amount: `l.line_amount * ${REQUISITION_LINES}`,
         source_requisition_id: 'null',
       },
       't',
     )}
       from srm_pur_requisition_header t
       join srm_pur_requisition_line l on l.requisition_line_id = ${requisitionLine}
       cross join (select g, (${list(REQUISITION_STATES)})[1 + g % ${REQUISITION_STATES.length}] as status
                     from generate_series(1, ${sizes.requisitions}) g) s
      where t.requisition_header_id = ${requisition}`,
  );
  const requisitionLineColumns = await columns('srm_pur_requisition_line');
  await db.query(
    `insert into srm_pur_requisition_line (${requisitionLineColumns.join(', ')})
     select ${select(
       requisitionLineColumns,
       {
         requisition_header_id: 'h.requisition_header_id',
         line_num: 'n',
         item_id: 'i.item_id',
         item_name: 'i.item_name',
         specification: 'i.specification',
         category_id: 'i.category_id',
         uom_id: 'i.uom_id',
         ordered_quantity: '0',
         remaining_quantity: 'l.quantity',
         demand_status: `case h.status when 'APPROVED' then 'POOLED' when 'CLOSED' then 'CLOSED' else 'PENDING' end`,
       },
       'l',
     )}
       from srm_pur_requisition_line l
       cross join (select requisition_header_id, status, row_number() over (order by requisition_header_id) as g
                     from srm_pur_requisition_header where requisition_number like 'MIXPR%') h
       cross join generate_series(1, ${REQUISITION_LINES}) n
       join srm_base_item i on i.item_id = ${itemOf('h.g * 3 + n')}
      where l.requisition_line_id = ${requisitionLine}`,
  );

  await db.query('vacuum analyze');
  await db.query('checkpoint');
  const count = async (text: string) => Number((await db.query<{ n: string }>(text)).rows[0]!.n);
  return {
    supplierIds,
    orderLines: await count('select count(*) as n from srm_po_line'),
    requisitionLines: await count('select count(*) as n from srm_pur_requisition_line'),
    noteLines: await count('select count(*) as n from srm_pur_asn_line'),
    receiptLines: await count('select count(*) as n from srm_pur_receive_line'),
  };
}

/**
 * The history of the closed orders: each shipped in full on one delivery note (received) and
 * received on one posted receipt, with its stock transactions — copies of the demo's first
 * received note, posted receipt and receipt transaction, with the order lines' values. Without it
 * the delivery tables hold a few rows beside a million order lines, and the planner's estimates
 * for them (one row) make it walk the order lines' index to join a handful of rows.
 */
async function seedDeliveries(
  db: pg.Client,
  columns: (table: string) => Promise<string[]>,
  select: (names: string[], overrides: Record<string, string>, qualifier: string) => string,
): Promise<void> {
  const one = async (text: string) => Number((await db.query<{ id: string }>(text)).rows[0]!.id);
  const note = await one(`select min(asn_header_id) as id from srm_pur_asn_header where status = 'RECEIVED'`);
  const noteLine = await one(
    `select min(asn_line_id) as id from srm_pur_asn_line where asn_header_id = ${note}`,
  );
  const receipt = await one(
    `select min(receive_header_id) as id from srm_pur_receive_header
      where status = 'POSTED' and receive_type = 'RECEIVE'`,
  );
  const receiptLine = await one(
    `select min(receive_line_id) as id from srm_pur_receive_line where receive_header_id = ${receipt}`,
  );
  const transaction = await one(
    `select min(transaction_id) as id from srm_pur_transaction where transaction_type = 'RECEIVE'`,
  );
  const closed = `o.po_number like 'MIX%' and o.status = 'CLOSED'`;
  const noteColumns = await columns('srm_pur_asn_header');
  await db.query(
    `insert into srm_pur_asn_header (${noteColumns.join(', ')})
     select ${select(
       noteColumns,
       {
         asn_number: `'MIXASN' || o.po_header_id`,
         supplier_id: 'o.supplier_id',
         org_id: 'o.org_id',
         ship_date: 'o.order_date + 7',
         expected_arrival_date: 'o.order_date + 9',
         tracking_number: `'SF' || o.po_header_id`,
       },
       't',
     )} from srm_pur_asn_header t, srm_po_header o where ${closed} and t.asn_header_id = ${note}`,
  );
  const noteLineColumns = await columns('srm_pur_asn_line');
  await db.query(
    `insert into srm_pur_asn_line (${noteLineColumns.join(', ')})
     select ${select(
       noteLineColumns,
       {
         asn_header_id: 'a.asn_header_id',
         line_num: 'p.line_num',
         po_line_id: 'p.po_line_id',
         po_header_id: 'p.po_header_id',
         item_id: 'p.item_id',
         item_name: 'p.item_name',
         specification: 'p.specification',
         uom_id: 'p.uom_id',
         ship_quantity: 'p.quantity',
         received_quantity: 'p.quantity',
         delivery_notice_line_id: 'null',
         package_quantity: 'null',
       },
       't',
     )}
       from srm_pur_asn_line t, srm_po_header o
       join srm_po_line p on p.po_header_id = o.po_header_id
       join srm_pur_asn_header a on a.asn_number = 'MIXASN' || o.po_header_id
      where ${closed} and t.asn_line_id = ${noteLine}`,
  );
  const receiptColumns = await columns('srm_pur_receive_header');
  await db.query(
    `insert into srm_pur_receive_header (${receiptColumns.join(', ')})
     select ${select(
       receiptColumns,
       {
         receive_number: `'MIXRCV' || a.asn_header_id`,
         asn_header_id: 'a.asn_header_id',
         supplier_id: 'a.supplier_id',
         org_id: 'a.org_id',
         receive_date: 'a.expected_arrival_date',
         remark: 'null',
       },
       't',
     )}
       from srm_pur_receive_header t, srm_pur_asn_header a
      where a.asn_number like 'MIXASN%' and t.receive_header_id = ${receipt}`,
  );
  const receiptLineColumns = await columns('srm_pur_receive_line');
  await db.query(
    `insert into srm_pur_receive_line (${receiptLineColumns.join(', ')})
     select ${select(
       receiptLineColumns,
       {
         receive_header_id: 'r.receive_header_id',
         line_num: 'a.line_num',
         asn_line_id: 'a.asn_line_id',
         po_header_id: 'a.po_header_id',
         po_line_id: 'a.po_line_id',
         item_id: 'a.item_id',
         item_name: 'a.item_name',
         uom_id: 'a.uom_id',
         quantity: 'a.ship_quantity',
         accepted_quantity: 'a.ship_quantity',
         rejected_quantity: '0',
         returned_quantity: '0',
         written_off_quantity: '0',
       },
       't',
     )}
       from srm_pur_receive_line t, srm_pur_receive_header r
       join srm_pur_asn_line a on a.asn_header_id = r.asn_header_id
      where r.receive_number like 'MIXRCV%' and t.receive_line_id = ${receiptLine}`,
  );
  const transactionColumns = await columns('srm_pur_transaction');
  await db.query(
    `insert into srm_pur_transaction (${transactionColumns.join(', ')})
     select ${select(
       transactionColumns,
       {
         transaction_date: 'r.receive_date',
         supplier_id: 'r.supplier_id',
         org_id: 'r.org_id',
         receive_header_id: 'r.receive_header_id',
         receive_line_id: 'l.receive_line_id',
         asn_header_id: 'r.asn_header_id',
         asn_line_id: 'l.asn_line_id',
         po_header_id: 'l.po_header_id',
         po_line_id: 'l.po_line_id',
         item_id: 'l.item_id',
         item_name: 'l.item_name',
         uom_id: 'l.uom_id',
         quantity: 'l.accepted_quantity',
         storage_location_id: 'l.storage_location_id',
         remark: 'null',
       },
       't',
     )}
       from srm_pur_transaction t, srm_pur_receive_header r
       join srm_pur_receive_line l on l.receive_header_id = r.receive_header_id
      where r.receive_number like 'MIXRCV%' and t.transaction_id = ${transaction}`,
  );
}
