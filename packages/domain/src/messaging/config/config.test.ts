// Message configs (msgCfg) on a real server and database, with a real SMTP peer: an order
// released to supplier A goes, by an administrator's config, to A's business contacts (the one
// with a portal account in-app and by e-mail, the one without by e-mail only) and to the buyer who
// raised it, instead of to every user of A; only while the config's condition holds on the order;
// supplier B hears nothing even when the config names B's user. A config that could never apply
// is refused at save with a message saying why. A config that needs a check (需审核) holds the
// e-mails and in-app copies it adds in 消息审核 until a checker lets them go or stops them. A config's SMS reach the
// contacts' mobiles.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { waitFor } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown>;
const { ids, call, ok, approve, mail, server } = useProcurement({ mail: true });

/** An order of `screws` screws at 0.30, submitted, approved and released by the buyer (user 1). */
async function releasedOrder(screws: number): Promise<Row> {
  const saved = await ok('srmPoHeader', 'saveOrUpdate', {
    billTypeId: ids.poType,
    orgId: ids.orgA,
    supplierId: ids.supA,
    currencyId: ids.currency,
    orderDate: '2026-11-21',
    lines: [
      { lineNum: 1, itemId: ids.screw, quantity: screws, unitPriceExclTax: 0.3, needByDate: '2026-12-10' },
    ],
  });
  const key = { poHeaderId: saved.poHeaderId };
  await ok('srmPoHeader', 'doSubmit', key);
  await approve(saved.poHeaderId);
  await ok('srmPoHeader', 'doRelease', key);
  return ok('srmPoHeader', 'findById', key);
}

const CONFIG = 'baseMessageConfig';

async function sourceId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    server().runtime.executor(),
    sql`select source_id::int as id from base_message_source where source_code = ${code}`,
  );
  expect(row, `source ${code} declared`).toBeDefined();
  return row!.id;
}

async function user(userName: string, extra: Row): Promise<number> {
  return (await ok('baseUser', 'saveOrUpdate', { userName, userFullName: userName, ...extra }))
    .userId as number;
}

/** The users told in-app of an order, by user id. */
async function toldInApp(poHeaderId: unknown): Promise<number[]> {
  const rows = await queryRows<{ userId: number }>(
    server().runtime.executor(),
    sql`select user_id::int as "userId" from base_site_message
         where source = 'PO_RELEASED' and document_id = ${Number(poHeaderId)} order by user_id`,
  );
  return rows.map((row) => row.userId);
}

/** The addresses e-mailed of an order (its outbox instances). */
async function mailedTo(poHeaderId: unknown): Promise<string[]> {
  const rows = await queryRows<{ address: string }>(
    server().runtime.executor(),
    sql`select address from base_message_instance
         where source_code = 'PO_RELEASED' and business_id = ${Number(poHeaderId)} order by address`,
  );
  return rows.map((row) => row.address);
}

describe('message configs', () => {
  it('send a released order to the supplier’s business contacts and its buyer instead of every user of the supplier, while the condition holds; never to another supplier', async () => {
    const contactUser = await user('cfg_sa1', {
      userType: 'EXTERNAL',
      supplierId: ids.supA,
      email: 'sales@hengda.example',
    });
    const otherUser = await user('cfg_sa2', {
      userType: 'EXTERNAL',
      supplierId: ids.supA,
      email: 'warehouse@hengda.example',
    });
    const supplierBUser = await user('cfg_sb1', {
      userType: 'EXTERNAL',
      supplierId: ids.supB,
      email: 'sales@ruifeng.example',
    });
    for (const contact of [
      { contactName: '王销售', contactRole: 'BUSINESS', email: 'Sales@HengDa.example' },
      { contactName: '陈外勤', contactRole: 'BUSINESS', email: 'field@hengda.example' },
      { contactName: '刘质量', contactRole: 'QUALITY', email: 'quality@hengda.example' },
    ])
      // Written as the supplier's master data holds them (the supplier's own save is tested elsewhere).
      await server()
        .runtime.executor()
        .insert(server().runtime.table('srmSupplierContact'))
        .values({
          supplierId: ids.supA,
          ...contact,
          versionNum: 1,
          creationDate: new Date(),
          lastUpdateDate: new Date(),
        });

    const config = await ok(CONFIG, 'saveOrUpdate', {
      configName: '大额订单发布通知业务联系人',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'Y',
      emailFlag: 'Y',
      replaceFlag: 'Y',
      recipients: [
        { recipientType: 'SUPPLIER_CONTACT', contactRole: 'BUSINESS' },
        { recipientType: 'DOCUMENT_USER', fieldName: 'createdBy' },
        // Another supplier's user named by hand is never told of A's orders.
        { recipientType: 'USER', userId: supplierBUser },
      ],
      conditions: [{ fieldName: 'amountInclTax', operator: 'GE', compareValue: '1000' }],
    });
    expect(config.configId).toBeGreaterThan(0);

    // 5,000 screws at 0.30: 1,500 before tax, at least 1,000 with it: the config applies.
    const large = await releasedOrder(5000);
    expect(Number(large.amountInclTax)).toBeGreaterThanOrEqual(1000);
    const buyer = Number(large.createdBy);
    expect((await toldInApp(large.poHeaderId)).sort()).toEqual([buyer, contactUser].sort());
    expect(await toldInApp(large.poHeaderId)).not.toContain(otherUser);
    expect(await toldInApp(large.poHeaderId)).not.toContain(supplierBUser);
    // The contact with an account (the same address in another case) is mailed once, as that user;
    // the one without, at their address.
    expect(await mailedTo(large.poHeaderId)).toEqual(['field@hengda.example', 'sales@hengda.example']);
    const po = String(large.poNumber);
    await mail().waitFor('field@hengda.example', new RegExp(po));
    await mail().waitFor('sales@hengda.example', new RegExp(po));
    expect(mail().mails.some((sent) => sent.to.includes('sales@ruifeng.example'))).toBe(false);
    expect(mail().mails.some((sent) => sent.to.includes('quality@hengda.example'))).toBe(false);

    // 100 screws (30 before tax) miss the condition: the sender's own recipients, every
    // user of A, are told, and nobody else.
    const small = await releasedOrder(100);
    expect(Number(small.amountInclTax)).toBeLessThan(1000);
    expect(await toldInApp(small.poHeaderId)).toEqual(expect.arrayContaining([contactUser, otherUser]));
    expect(await toldInApp(small.poHeaderId)).not.toContain(buyer);
    expect(await toldInApp(small.poHeaderId)).not.toContain(supplierBUser);
    expect(await mailedTo(small.poHeaderId)).not.toContain('field@hengda.example');

    // Switched off, it no longer applies.
    const stored = await ok(CONFIG, 'findById', { configId: config.configId });
    await ok(CONFIG, 'saveOrUpdate', {
      configId: stored.configId,
      versionNum: stored.versionNum,
      enabledFlag: 'N',
    });
    const after = await releasedOrder(5000);
    expect(await toldInApp(after.poHeaderId)).toEqual(expect.arrayContaining([contactUser, otherUser]));
    expect(await toldInApp(after.poHeaderId)).not.toContain(buyer);
  });

  it('holds the e-mails and in-app copies a config that needs a check adds (需审核) until a checker lets them go; the sender’s own go at once', async () => {
    const watcher = await user('cfg_watcher', { userType: 'INTERNAL', email: 'watcher@buyer.example' });
    const quality = await ok(CONFIG, 'saveOrUpdate', {
      configName: '订单发布抄送质量联系人（需审核）',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'Y',
      emailFlag: 'Y',
      checkFlag: 'Y',
      recipients: [
        { recipientType: 'SUPPLIER_CONTACT', contactRole: 'QUALITY' },
        { recipientType: 'USER', userId: watcher },
      ],
    });
    const order = await releasedOrder(200);
    const instances = async () =>
      queryRows<{ id: number; address: string; state: string }>(
        server().runtime.executor(),
        sql`select instance_id::int as id, address, state_code as state from base_message_instance
             where source_code = 'PO_RELEASED' and business_id = ${Number(order.poHeaderId)} order by address`,
      );
    const held = (await instances()).find((row) => row.address === 'quality@hengda.example');
    expect(held?.state).toBe('CHECKING');
    // What the config adds waits: the contact's e-mail, the watcher's e-mail and in-app copy.
    const added = ['quality@hengda.example', 'watcher@buyer.example', `user:${watcher}`];
    expect((await instances()).filter((row) => added.includes(row.address)).map((row) => row.state)).toEqual([
      'CHECKING',
      'CHECKING',
      'CHECKING',
    ]);
    // The sender's own recipients (A's users with an address) are not held.
    expect(
      (await instances()).filter((row) => !added.includes(row.address)).map((row) => row.state),
    ).not.toContain('CHECKING');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mail().mails.some((sent) => sent.to.includes('quality@hengda.example'))).toBe(false);
    // The watcher's in-app copy waits too, not in their messages yet.
    expect(await toldInApp(order.poHeaderId)).not.toContain(watcher);
    const passed = await call<{ count: number }>('baseMessageInstance', 'doCheckPass', {
      instanceIds: [held!.id],
    });
    expect(passed.body.status, passed.body.msg).toBe('S');
    await mail().waitFor('quality@hengda.example', new RegExp(String(order.poNumber)));
    await waitFor(
      () => toldInApp(order.poHeaderId),
      (told) => told.includes(watcher),
    );
    // Rejected, the next one is never sent.
    const next = await releasedOrder(300);
    const [waiting] = await queryRows<{ id: number; state: string }>(
      server().runtime.executor(),
      sql`select instance_id::int as id, state_code as state from base_message_instance
           where source_code = 'PO_RELEASED' and business_id = ${Number(next.poHeaderId)}
             and address = 'quality@hengda.example'`,
    );
    expect(waiting?.state).toBe('CHECKING');
    await ok('baseMessageInstance', 'doCheckReject', { instanceIds: [waiting!.id] });
    const [rejected] = await queryRows<{ state: string }>(
      server().runtime.executor(),
      sql`select state_code as state from base_message_instance where instance_id = ${waiting!.id}`,
    );
    expect(rejected?.state).toBe('CANCELLED');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await toldInApp(next.poHeaderId)).not.toContain(watcher);
    const stored = await ok(CONFIG, 'findById', { configId: quality.configId });
    await ok(CONFIG, 'saveOrUpdate', {
      configId: stored.configId,
      versionNum: stored.versionNum,
      enabledFlag: 'N',
    });
  });

  it('sends SMS to the supplier’s technical contacts: the one who is a portal user (same mobile) as that user, in their language; the other at the number', async () => {
    const technician = await user('cfg_sa_tech', {
      userType: 'EXTERNAL',
      supplierId: ids.supA,
      mobile: '13912340001',
      languageCode: 'EN',
    });
    for (const contact of [
      { contactName: '赵工', contactRole: 'TECHNICAL', mobile: '13912340001' },
      { contactName: '孙工', contactRole: 'TECHNICAL', mobile: '13912340002' },
    ])
      await server()
        .runtime.executor()
        .insert(server().runtime.table('srmSupplierContact'))
        .values({
          supplierId: ids.supA,
          ...contact,
          versionNum: 1,
          creationDate: new Date(),
          lastUpdateDate: new Date(),
        });
    const config = await ok(CONFIG, 'saveOrUpdate', {
      configName: '订单发布短信通知技术联系人',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      smsFlag: 'Y',
      recipients: [{ recipientType: 'SUPPLIER_CONTACT', contactRole: 'TECHNICAL' }],
    });
    const order = await releasedOrder(400);
    const texts = await queryRows<{
      address: string;
      recipient: number | null;
      language: string;
      body: string;
    }>(
      server().runtime.executor(),
      sql`select address, recipient_id::int as recipient, language_code as language, body from base_message_instance
           where channel = 'SMS' and source_code = 'PO_RELEASED' and business_id = ${Number(order.poHeaderId)}
           order by address`,
    );
    expect(texts.map((row) => [row.address, row.recipient, row.language])).toEqual([
      ['13912340001', technician, 'EN'],
      ['13912340002', null, 'CN'],
    ]);
    expect(texts[1]!.body).toContain(String(order.poNumber));
    const stored = await ok(CONFIG, 'findById', { configId: config.configId });
    await ok(CONFIG, 'saveOrUpdate', {
      configId: stored.configId,
      versionNum: stored.versionNum,
      enabledFlag: 'N',
    });
  });

  it('tells the holders of a position: by their main position or an allotment in force, not an ended one', async () => {
    const department = await ok('baseDepartment', 'saveOrUpdate', {
      departmentCode: 'QA_MSG',
      departmentName: '质量部',
      orgId: ids.orgA,
    });
    const position = await ok('basePosition', 'saveOrUpdate', {
      positionCode: 'SQE_MSG',
      positionName: '供应商质量工程师',
      departmentId: department.departmentId,
    });
    const staff = async (number: string, extra: Row) =>
      Number(
        (
          await ok('baseEmployee', 'saveOrUpdate', {
            employeeNumber: number,
            employeeName: number,
            departmentId: department.departmentId,
            ...extra,
          })
        ).employeeId,
      );
    const main = await staff('E_MAIN', { positionId: position.positionId });
    const allotted = await staff('E_ALLOT', {});
    const ended = await staff('E_ENDED', {});
    const saved = await ok('basePosition', 'findById', { positionId: position.positionId });
    await ok('basePosition', 'saveOrUpdate', {
      positionId: position.positionId,
      versionNum: saved.versionNum,
      allotments: [
        { employeeId: allotted, startDate: '2026-01-01' },
        { employeeId: ended, startDate: '2025-01-01', endDate: '2025-12-31' },
      ],
    });
    const holders = [
      await user('sqe_main', { userType: 'INTERNAL', employeeId: main }),
      await user('sqe_allot', { userType: 'INTERNAL', employeeId: allotted }),
    ];
    const former = await user('sqe_ended', { userType: 'INTERNAL', employeeId: ended });
    const config = await ok(CONFIG, 'saveOrUpdate', {
      configName: '订单发布通知 SQE 岗位',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'Y',
      recipients: [{ recipientType: 'POSITION', positionId: position.positionId }],
    });
    const order = await releasedOrder(40);
    const told = await toldInApp(order.poHeaderId);
    for (const holder of holders) expect(told).toContain(holder);
    expect(told).not.toContain(former);
    // A position line names its position.
    const missing = await call(CONFIG, 'saveOrUpdate', {
      configName: '缺少岗位',
      sourceId: await sourceId('PO_RELEASED'),
      recipients: [{ recipientType: 'POSITION' }],
    });
    expect([missing.httpStatus, missing.body.status]).toEqual([400, 'E']);
    const stored = await ok(CONFIG, 'findById', { configId: config.configId });
    await ok(CONFIG, 'saveOrUpdate', {
      configId: config.configId,
      versionNum: stored.versionNum,
      enabledFlag: 'N',
    });
  });

  it('refuses a config that could never apply, saying why', async () => {
    const refused = async (body: Row, pattern: RegExp) => {
      const answer = await call(CONFIG, 'saveOrUpdate', { configName: '不能保存', inAppFlag: 'Y', ...body });
      expect(answer.body.status).toBe('E');
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.msg).toMatch(pattern);
    };
    const released = await sourceId('PO_RELEASED');
    // A message written for the buyer is not sent to the supplier.
    await refused(
      {
        sourceId: await sourceId('PO_CHANGE_PROPOSED'),
        recipients: [{ recipientType: 'SUPPLIER_USERS' }],
      },
      /不是发给供应商的/,
    );
    await refused(
      {
        sourceId: released,
        recipients: [{ recipientType: 'SUPPLIER_USERS' }],
        conditions: [{ fieldName: 'amountTotal', operator: 'GT', compareValue: '1' }],
      },
      /单据没有字段 “amountTotal”/,
    );
    await refused(
      { sourceId: released, recipients: [{ recipientType: 'DOCUMENT_USER', fieldName: 'orgId' }] },
      /“orgId” 不是单据中指向用户的字段/,
    );
    await refused(
      {
        sourceId: await sourceId('BPM_TASK'),
        recipients: [{ recipientType: 'DOCUMENT_USER', fieldName: 'createdBy' }],
      },
      /没有关联单据/,
    );
    await refused(
      {
        sourceId: released,
        inAppFlag: 'N',
        emailFlag: 'N',
        recipients: [{ recipientType: 'SUPPLIER_USERS' }],
      },
      /至少选择一个发送渠道/,
    );
    await refused({ sourceId: released, recipients: [{ recipientType: 'SUPPLIER_CONTACT' }] }, /具体对象/);
    await refused({ sourceId: released, recipients: [] }, /至少添加一个接收人/);
    // A supplier neither reads nor writes configs.
    const asSupplier = {
      userId: 9000 + ids.supA,
      userName: 'sup',
      side: 'supplier' as const,
      supplierId: ids.supA,
    };
    expect((await call(CONFIG, 'listByPage', {}, asSupplier)).httpStatus).toBe(403);
  });

  it('offers the fields of the source’s document, labelled in the caller’s language, those naming a user marked', async () => {
    type Fields = { toSupplier: boolean; fields: { name: string; label: string; user: boolean }[] };
    const released = await ok<Fields>(CONFIG, 'documentFields', { sourceId: await sourceId('PO_RELEASED') });
    expect(released.toSupplier).toBe(true);
    expect(released.fields).toContainEqual({ name: 'createdBy', label: '创建人', user: true });
    expect(released.fields).toContainEqual(expect.objectContaining({ name: 'amountInclTax', user: false }));
    expect(released.fields.filter((field) => field.user).map((field) => field.name)).not.toContain('orgId');
    const english = await call<Fields>(
      CONFIG,
      'documentFields',
      { sourceId: await sourceId('PO_RELEASED') },
      undefined,
      'EN',
    );
    expect(english.body.data.fields).toContainEqual({ name: 'createdBy', label: 'Created by', user: true });
    const task = await ok<Fields>(CONFIG, 'documentFields', { sourceId: await sourceId('BPM_TASK') });
    expect(task).toEqual({ toSupplier: false, fields: [] });
    const asSupplier = {
      userId: 9000 + ids.supA,
      userName: 'sup',
      side: 'supplier' as const,
      supplierId: ids.supA,
    };
    const refused = await call(
      CONFIG,
      'documentFields',
      { sourceId: await sourceId('PO_RELEASED') },
      asSupplier,
    );
    expect(refused.httpStatus).toBe(403);
    const bad = await call(CONFIG, 'documentFields', { sourceId: 'x' });
    expect([bad.httpStatus, bad.body.status]).toEqual([400, 'E']);
  });
});
