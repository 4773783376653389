// Procure to receipt, buyer and suppliers side by side: a requisition is approved and becomes an
// order, the order is approved and released; supplier A proposes a later date, the buyer accepts;
// supplier A ships a delivery note and prints its barcode labels; the buyer receives it on the
// receiving screen and the order line shows the received quantity. Supplier B sees none of it.
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import {
  activePane,
  api,
  first,
  keepScreenshot,
  open,
  openFromMenu,
  pageApi,
  type Row,
  watchConsole,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

const srm = (entity: string, action: string) => `/api/srm/v1/${entity}Restful/${action}`;

async function approveTask(approver: Page, entityName: string, documentId: unknown): Promise<void> {
  const tasks = await api<Row[]>(approver, '/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 100,
    entityName,
  });
  const task = tasks.find((row) => row.documentId === documentId);
  if (!task) throw new Error(`no task for ${entityName} ${String(documentId)}`);
  await api(approver, '/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task.taskId, comment: '同意' });
}

/** Clicks a header action and confirms it when the action asks. */
async function act(page: Page, label: RegExp): Promise<void> {
  const pane = activePane(page);
  await pane.getByRole('button', { name: label }).click();
  const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s?定$|^OK$/ });
  if (await ok.isVisible({ timeout: 3_000 }).catch(() => false)) await ok.click();
}

test('requisition to receipt: buyer and supplier A side by side, supplier B sees nothing', async ({
  browser,
  baseURL,
}) => {
  // Four people, two dozen screens and a PDF on a busy machine.
  test.setTimeout(480_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const approver = await open(browser, baseURL, 'approver');
  const errors = watchConsole(buyer);
  const buyerPane = activePane(buyer);
  const orgId = (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId;
  const bracket = await first(buyer, 'srmBaseItem', { itemCode: '02010001' });
  const hengda = (await api<Row[]>(buyer, srm('srmSupplierInfo', 'listByPage'), { pageRows: 100 })).find(
    (row) => row.supplierName === '苏州恒达精密五金有限公司',
  )!;

  const requisition = await test.step('the buyer raises a requisition; the manager approves it', async () => {
    const saved = await api(buyer, srm('srmPurRequisitionHeader', 'saveOrUpdate'), {
      title: '二季度装配线支架补货',
      billTypeId: (await first(buyer, 'srmPurBillType', { billTypeCode: 'STD_PR' })).billTypeId,
      orgId,
      requesterName: '张伟',
      departmentName: '生产计划部',
      requisitionDate: '2026-11-21',
      lines: [
        { lineNum: 1, itemId: bracket.itemId, quantity: 240, unitPrice: 6.2, needByDate: '2026-12-15' },
      ],
    });
    await api(buyer, srm('srmPurRequisitionHeader', 'doSubmit'), {
      requisitionHeaderId: saved.requisitionHeaderId,
    });
    await approveTask(approver, 'srmPurRequisitionHeader', saved.requisitionHeaderId);
    const approved = await api<Row & { lines: Row[] }>(buyer, srm('srmPurRequisitionHeader', 'findById'), {
      requisitionHeaderId: saved.requisitionHeaderId,
    });
    expect(approved.status).toBe('APPROVED');
    return approved;
  });

  const order = await test.step('the requisition line becomes an order; approved and released', async () => {
    const line = requisition.lines[0]!;
    const saved = await api(buyer, srm('srmPoHeader', 'saveOrUpdate'), {
      billTypeId: (await first(buyer, 'srmPurBillType', { billTypeCode: 'STD_PO' })).billTypeId,
      orgId,
      supplierId: hengda.supplierId,
      currencyId: (await first(buyer, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
      orderDate: '2026-11-21',
      buyerName: '张伟',
      lines: [
        {
          lineNum: 1,
          itemId: bracket.itemId,
          quantity: 240,
          unitPriceExclTax: 6.2,
          taxRate: 13,
          needByDate: '2026-12-15',
          requisitionLineId: line.requisitionLineId,
        },
      ],
    });
    await api(buyer, srm('srmPoHeader', 'doSubmit'), { poHeaderId: saved.poHeaderId });
    await approveTask(approver, 'srmPoHeader', saved.poHeaderId);
    await openFromMenu(buyer, '采购订单');
    await buyerPane.getByText(String(saved.poNumber), { exact: true }).click();
    await slow(buyerPane.getByTestId('document-number')).toHaveText(String(saved.poNumber));
    await act(buyer, /^发\s?布$/);
    await slow(buyerPane.getByText('已发布').first()).toBeVisible();
    return saved;
  });
  const poNumber = String(order.poNumber);
  await approver.context().close();

  const supplierA = await open(browser, baseURL, 'sup_a');
  const supplierPane = activePane(supplierA);
  await test.step('supplier A finds the order and proposes a later date; the buyer accepts', async () => {
    // On the external home first: 待确认订单 lists it; the number opens the order.
    await slow(supplierA.getByTestId('ex-orders')).toContainText(poNumber);
    await supplierA.getByTestId('ex-orders').getByText(poNumber, { exact: true }).click();
    await slow(supplierA.getByRole('tab', { name: new RegExp(poNumber) })).toBeVisible();
    await slow(supplierPane.getByText('已发布').first()).toBeVisible();
    await openFromMenu(supplierA, '待确认订单');
    await slow(supplierPane.getByText(poNumber, { exact: true })).toBeVisible();
    const found = await api<Row & { lines: Row[] }>(supplierA, srm('srmPoHeader', 'findById'), {
      poHeaderId: order.poHeaderId,
    });
    await api(supplierA, srm('srmPoHeader', 'saveOrUpdate'), {
      poHeaderId: order.poHeaderId,
      versionNum: found.versionNum,
      lines: [
        {
          poLineId: found.lines[0]!.poLineId,
          proposedDate: '2026-12-22',
          supplierComment: '表面处理排产推迟一周',
        },
      ],
    });
    await api(supplierA, srm('srmPoHeader', 'doSupplierPropose'), { poHeaderId: order.poHeaderId });
    await buyer.reload();
    await slow(buyerPane.getByText('变更待确认').first()).toBeVisible();
    await act(buyer, /^接受变更$/);
    await slow(buyerPane.getByText('已确认').first()).toBeVisible();
  });

  const note =
    await test.step('supplier A ships a delivery note, submits it and prints its labels', async () => {
      const lines = (
        await api<Row & { lines: Row[] }>(supplierA, srm('srmPoHeader', 'findById'), {
          poHeaderId: order.poHeaderId,
        })
      ).lines;
      const created = await api(supplierA, srm('srmPurAsnHeader', 'createFromOrderLines'), {
        shipDate: '2026-12-20',
        expectedArrivalDate: '2026-12-22',
        carrierName: '顺丰速运',
        trackingNumber: 'SF1400987654',
        lines: [{ poLineId: lines[0]!.poLineId, shipQuantity: 200, lotNumber: 'L20261220' }],
      });
      const asnNumber = String(created.asnNumber);
      await openFromMenu(supplierA, '我的送货单');
      await supplierPane.getByText(asnNumber, { exact: true }).click();
      await slow(supplierPane.getByTestId('document-number')).toHaveText(asnNumber);
      await act(supplierA, /^提交给采购方$/);
      await slow(supplierPane.getByText('已提交').first()).toBeVisible();
      const download = supplierA.waitForEvent('download');
      await supplierPane.getByRole('button', { name: /打印/ }).first().click();
      const file = await (await download).path();
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      await keepScreenshot(supplierA, 'p2p-supplier-asn-submitted-zh');
      return created;
    });
  const asnNumber = String(note.asnNumber);

  await test.step('the buyer receives the note on the receiving screen and posts it', async () => {
    const store = await first(buyer, 'srmBaseStorageLocation', { locationCode: 'RM01' });
    const draft = await api(buyer, srm('srmPurReceiveHeader', 'saveOrUpdate'), {
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-22',
      storageLocationId: store.storageLocationId,
      receiverName: '仓管 陈强',
    });
    const receiveNumber = String(draft.receiveNumber);
    await openFromMenu(buyer, '收货单');
    await slow(buyerPane.getByText(receiveNumber, { exact: true })).toBeVisible();
    await keepScreenshot(buyer, 'p2p-buyer-receive-list-zh');
    await buyerPane.getByText(receiveNumber, { exact: true }).click();
    await slow(buyerPane.getByTestId('document-number')).toHaveText(receiveNumber);
    await slow(buyerPane.getByText(asnNumber).first()).toBeVisible();
    await keepScreenshot(buyer, 'p2p-buyer-receive-draft-zh');
    await act(buyer, /^过\s?账$/);
    await slow(buyerPane.getByText('已过账').first()).toBeVisible();
    await keepScreenshot(buyer, 'p2p-buyer-receive-posted-zh');
    const posted = await api<Row & { lines: Row[] }>(buyer, srm('srmPurReceiveHeader', 'findById'), {
      receiveHeaderId: draft.receiveHeaderId,
    });
    expect(posted.status).toBe('POSTED');
    expect(posted.lines.map((line) => [line.quantity, line.acceptedQuantity])).toEqual([[200, 200]]);
    const asn = await api(buyer, srm('srmPurAsnHeader', 'findById'), { asnHeaderId: note.asnHeaderId });
    expect(asn.status).toBe('RECEIVED');
    await openFromMenu(buyer, '接收事务');
    await slow(buyerPane.getByText(receiveNumber).first()).toBeVisible();
    await keepScreenshot(buyer, 'p2p-buyer-transactions-zh');
  });

  await test.step('the order line shows the received quantity', async () => {
    const lines = (
      await api<Row & { lines: Row[] }>(buyer, srm('srmPoHeader', 'findById'), {
        poHeaderId: order.poHeaderId,
      })
    ).lines;
    expect(lines[0]!.receivedQuantity).toBe(200);
    await openFromMenu(buyer, '采购订单');
    await buyerPane.getByText(poNumber, { exact: true }).click();
    await slow(buyerPane.getByTestId('document-number')).toHaveText(poNumber);
    await slow(buyerPane.getByText('已收货数量').first()).toBeVisible();
    await keepScreenshot(buyer, 'p2p-buyer-order-line-received-zh');
  });

  await test.step('supplier A sees its receipt; supplier B saw none of it', async () => {
    await openFromMenu(supplierA, '收货记录');
    await slow(supplierPane.getByText(asnNumber).first()).toBeVisible();
    await keepScreenshot(supplierA, 'p2p-supplier-receipts-zh');
    const supplierB = await open(browser, baseURL, 'sup_b');
    const paneB = activePane(supplierB);
    expect(await api<Row[]>(supplierB, srm('srmPoHeader', 'listByPage'), { poNumber })).toEqual([]);
    expect(
      (await pageApi(supplierB, srm('srmPoHeader', 'findById'), { poHeaderId: order.poHeaderId })).httpStatus,
    ).toBe(404);
    expect(
      (await pageApi(supplierB, srm('srmPurAsnHeader', 'findById'), { asnHeaderId: note.asnHeaderId }))
        .httpStatus,
    ).toBe(404);
    expect(
      await api<Row[]>(supplierB, srm('srmPurReceiveHeader', 'listByPage'), {
        asnHeaderId: note.asnHeaderId,
      }),
    ).toEqual([]);
    expect(
      await api<Row[]>(supplierB, srm('srmPurTransaction', 'listByPage'), { asnHeaderId: note.asnHeaderId }),
    ).toEqual([]);
    expect(
      (await pageApi(supplierB, srm('srmPurAsnHeader', 'printLabels'), { asnHeaderId: note.asnHeaderId }))
        .httpStatus,
    ).toBe(404);
    for (const menu of ['我的订单', '我的送货单', '收货记录', '接收事务']) {
      await openFromMenu(supplierB, menu);
      await slow(paneB.locator('.ant-table')).toBeVisible();
      await expect(paneB.getByText(poNumber)).toHaveCount(0);
      await expect(paneB.getByText(asnNumber)).toHaveCount(0);
    }
    await supplierB.context().close();
  });

  await test.step('in English', async () => {
    await buyer.getByRole('button', { name: '切换语言' }).click();
    await buyer.getByRole('menuitem', { name: 'English' }).click();
    await openFromMenu(buyer, 'Receipts');
    await slow(buyerPane.getByText('Posted').first()).toBeVisible();
    await keepScreenshot(buyer, 'p2p-buyer-receive-list-en');
  });

  expect(errors).toEqual([]);
});
