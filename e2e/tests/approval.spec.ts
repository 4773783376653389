// Acceptance of the approval engine, in Chromium with a context per person: the administrator
// makes the requisition's process two levels on the template screens (采购经理审批, then 财务审核
// by 王芳); the buyer submits and the preview names both approvers; the purchasing manager
// approves from the home page's pending list; finance rejects with a comment; the buyer reads
// the comment, edits, resubmits; both approve; the requisition is approved and locked.
import { type Browser, type Page, expect } from '@playwright/test';
import {
  DEMO_PASSWORD,
  activePane,
  expectToast,
  formField,
  keepScreenshot,
  openFromMenu,
  pageApi,
  pickRemote,
  toastsGone,
  watchConsole,
  linesCard,
  test,
} from './helpers';

type Row = Record<string, unknown>;
test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

async function open(browser: Browser, baseURL: string | undefined, user: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(user);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await slow(page).toHaveURL(/\/main\/(inHome|exHome)$/, { timeout: 45_000 });
  return page;
}

async function api<T = Row>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await pageApi<T>(page, path, body);
  if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.body.msg}`);
  return answer.body.data;
}

async function first(page: Page, entity: string, filters: Row): Promise<Row> {
  const rows = await api<Row[]>(page, `/api/srm/v1/${entity}Restful/listByPage`, {
    ...filters,
    pageRows: 50,
  });
  if (!rows[0]) throw new Error(`no ${entity} ${JSON.stringify(filters)}`);
  return rows[0];
}

/** From the home page's pending list: opens the document and decides its task. */
async function decideFromHome(
  page: Page,
  number: string,
  decision: 'doApprove' | 'doReject',
  comment?: string,
) {
  await page.getByRole('tab', { name: /首页/ }).click();
  await page.reload();
  const task = page.getByTestId('pending-task').filter({ hasText: number });
  await slow(task).toBeVisible();
  await task.getByText(number, { exact: true }).click();
  const pane = activePane(page);
  await slow(pane.getByTestId('document-number')).toHaveText(number);
  await pane.getByTestId(`bpm-${decision}`).click();
  if (comment) await page.getByTestId('bpm-comment').fill(comment);
  await page.getByTestId('bpm-confirm').click();
  await expectToast(page, decision === 'doApprove' ? '已同意' : '已驳回');
}

test('a two-level template: approve, reject with a comment, resubmit, approve twice; approved and locked', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);

  const admin = await open(browser, baseURL, 'admin');
  const adminErrors = watchConsole(admin);
  // The template goes back to one level whatever happens here: later journeys expect it.
  try {
    await test.step('the administrator adds a second level (财务审核 by 王芳) to the requisition template', async () => {
      const pane = activePane(admin);
      await openFromMenu(admin, '流程模板');
      await slow(pane.getByText('采购申请审批', { exact: true })).toBeVisible();
      await pane.getByText('采购申请审批', { exact: true }).click();
      await slow(formField(pane, '流程编码')).toHaveValue('PUR_REQUISITION_APPROVAL');
      await linesCard(admin, '审批节点').getByRole('button', { name: '新增行' }).click();
      await pane.locator('input[id$="_nodes_1_nodeNum"]').fill('2');
      await pane.locator('input[id$="_nodes_1_nodeName"]').fill('财务审核');
      await pane.locator('input[id$="_nodes_1_nodeNameEn"]').fill('Finance review');
      await linesCard(admin, '节点审批人').getByRole('button', { name: '新增行' }).click();
      await pane.locator('input[id$="_approvers_1_nodeNum"]').fill('2');
      await pickRemote(admin, '_approvers_1_userId', '王芳', '王芳');
      await toastsGone(admin).catch(() => undefined);
      await pane.getByRole('button', { name: /保\s?存/ }).click();
      await expectToast(admin, '保存成功');
      await keepScreenshot(admin, 'approval-template-two-levels-zh');
      expect(adminErrors).toEqual([]);
    });

    const buyer = await open(browser, baseURL, 'buyer');
    const buyerPane = activePane(buyer);
    const saved = await api(buyer, '/api/srm/v1/srmPurRequisitionHeaderRestful/saveOrUpdate', {
      title: '验收：装配线备件申请',
      billTypeId: (await first(buyer, 'srmPurBillType', { docCategory: 'REQUISITION' })).billTypeId,
      orgId: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
      requesterName: '张伟',
      requisitionDate: '2026-11-21',
      lines: [
        {
          lineNum: 1,
          itemId: (await first(buyer, 'srmBaseItem', { itemCode: '02010001' })).itemId,
          quantity: 120,
          unitPrice: 6.2,
          needByDate: '2026-12-20',
        },
      ],
    });
    const number = String(saved.requisitionNumber);

    const submit = async () => {
      await buyerPane.getByRole('button', { name: /^提\s?交$/ }).click();
      const preview = buyer.getByTestId('approval-preview');
      await slow(preview).toContainText('采购经理审批');
      await expect(preview).toContainText('李娜');
      await expect(preview).toContainText('财务审核');
      await expect(preview).toContainText('王芳');
      return preview;
    };

    await test.step('the buyer submits; the preview shows both approvers', async () => {
      await openFromMenu(buyer, '采购申请');
      await slow(buyerPane.getByText(number, { exact: true })).toBeVisible();
      await buyerPane.getByText(number, { exact: true }).click();
      await slow(buyerPane.getByTestId('document-number')).toHaveText(number);
      await submit();
      await keepScreenshot(buyer, 'approval-preview-zh');
      await buyer.getByTestId('bpm-preview-ok').click();
      await slow(buyerPane.getByText('已提交').first()).toBeVisible();
    });

    const approver = await open(browser, baseURL, 'approver');
    const finance = await open(browser, baseURL, 'finance');
    await test.step('the purchasing manager approves from the home page; finance rejects with a comment', async () => {
      await decideFromHome(approver, number, 'doApprove');
      await keepScreenshot(approver, 'approval-first-level-approved-zh');
      await decideFromHome(finance, number, 'doReject', '数量偏多，请减到 80 件后重新提交');
    });

    await test.step('the buyer reads the comment, edits and resubmits', async () => {
      await buyer.reload();
      await slow(buyerPane.getByTestId('document-number')).toHaveText(number);
      const history = buyerPane.getByTestId('approval-history');
      await slow(history).toContainText('数量偏多，请减到 80 件后重新提交');
      await keepScreenshot(buyer, 'approval-rejected-comment-zh');
      const title = formField(buyerPane, '申请标题');
      await title.fill('验收：装配线备件申请（已减量）');
      await buyerPane.getByRole('button', { name: /保\s?存/ }).click();
      await expectToast(buyer, '保存成功');
      await submit();
      await buyer.getByTestId('bpm-preview-ok').click();
      await slow(buyerPane.getByText('已提交').first()).toBeVisible();
    });

    await test.step('both approve; the requisition is approved and locked', async () => {
      await decideFromHome(approver, number, 'doApprove');
      await decideFromHome(finance, number, 'doApprove');
      // No reload: the buyer's kept-alive tab reads the document again when the buyer comes back
      // to it (its data older than 5 s), and shows what the approvers did.
      await buyer.waitForTimeout(5_500);
      // Each tab is shown before the next click: under load a late switch to the home page
      // otherwise lands after the switch back, and the document is never looked at.
      await buyer.getByRole('tab', { name: /首页/ }).click();
      await slow(buyer.getByRole('tab', { name: /首页/, selected: true })).toBeVisible();
      await buyer.getByRole('tab', { name: new RegExp(number) }).click();
      await slow(buyer.getByRole('tab', { name: new RegExp(number), selected: true })).toBeVisible();
      await slow(buyerPane.getByTestId('document-number')).toHaveText(number);
      await slow(buyerPane.getByText('已审批').first()).toBeVisible();
      await expect(buyerPane.getByText('单据当前状态为“已审批”，不可修改')).toBeVisible();
      await expect(buyerPane.getByRole('button', { name: /^提\s?交$/ })).toHaveCount(0);
      const found = await api(buyer, '/api/srm/v1/srmPurRequisitionHeaderRestful/findById', {
        requisitionHeaderId: saved.requisitionHeaderId,
      });
      expect(found.status).toBe('APPROVED');
      const refused = await pageApi(buyer, '/api/srm/v1/srmPurRequisitionHeaderRestful/saveOrUpdate', {
        requisitionHeaderId: saved.requisitionHeaderId,
        versionNum: found.versionNum,
        title: '改标题',
      });
      expect(refused.body.status).toBe('E');
      await keepScreenshot(buyer, 'approval-approved-locked-zh');
    });
  } finally {
    await test.step('the administrator puts the template back to one level', async () => {
      const [template] = await api<Row[]>(admin, '/api/bpm/v1/srmBaseProcessTemplateRestful/listByPage', {
        processKey: 'PUR_REQUISITION_APPROVAL',
      });
      if (!template) throw new Error('no requisition template');
      const found = await api<Row & { nodes: Row[]; approvers: Row[] }>(
        admin,
        '/api/bpm/v1/srmBaseProcessTemplateRestful/findById',
        { templateId: template.templateId },
      );
      await api(admin, '/api/bpm/v1/srmBaseProcessTemplateRestful/saveOrUpdate', {
        templateId: found.templateId,
        versionNum: found.versionNum,
        nodes: found.nodes.filter((node) => node.nodeNum === 1).map((node) => ({ nodeId: node.nodeId })),
        approvers: found.approvers
          .filter((approver) => approver.nodeNum === 1)
          .map((approver) => ({ approverId: approver.approverId })),
      });
      const after = await api<{ nodes: Row[]; approvers: Row[] }>(
        admin,
        '/api/bpm/v1/srmBaseProcessTemplateRestful/findById',
        { templateId: template.templateId },
      );
      expect(after.nodes.map((node) => node.nodeName)).toEqual(['采购经理审批']);
      expect(after.approvers).toHaveLength(1);
    });
  }
});
