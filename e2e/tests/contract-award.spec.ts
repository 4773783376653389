// A contract drafted from an award in Chromium: the buyer opens the demo's approved auction award
// (M6 螺钉年度竞价（已定标）, all of it to 恒达), presses 生成合同 and lands on 恒达's draft contract
// with the awarded quantity and price, its total the award's; picks the template 标准采购合同 and saves, and the payment
// plan takes the template's 30/60/10, each amount its share of the contract's total and the three
// adding up to it, and the clauses its three clause slots; 生成合同文本 fills the template and lists the .docx among the contract's
// documents. Pressed again, the button opens the same contract (nothing made twice); 瑞丰 (sup_b)
// is answered 404 for it.
import { expect } from '@playwright/test';
import {
  activePane,
  api,
  expectToast,
  first,
  keepScreenshot,
  open,
  pageApi,
  type Row,
  test,
  watchConsole,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 45_000 });

/** Cents of a shown amount (19,500.00 → 1950000). */
const cents = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

test('an approved award drafts the supplier contract, which takes its template’s payment stages', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const award = await first(buyer, 'srmAuctionAward', { status: 'APPROVED' });

  await buyer.locator('.ant-layout-sider').getByRole('menuitem', { name: '竞价定标', exact: true }).click();
  await slow(activePane(buyer).getByText(String(award.awardNum), { exact: true })).toBeVisible();
  await activePane(buyer).getByText(String(award.awardNum), { exact: true }).click();
  await activePane(buyer).getByRole('button', { name: '生成合同' }).click();
  await expectToast(buyer, '已生成合同草稿');
  const tab = buyer.getByRole('tab', { name: /^采购合同 HT\d+/, selected: true });
  await slow(tab).toBeVisible();
  const contractNumber = /HT\d+/.exec(await tab.innerText())![0];
  const pane = activePane(buyer);
  await expect(pane.getByText('苏州恒达精密五金有限公司').first()).toBeVisible();
  await expect(pane.getByText('寻源定标', { exact: true }).first()).toBeVisible();

  // The template 标准采购合同, picked by typing; saved, the draft takes its stages.
  const template = pane
    .locator('.ant-form-item')
    .filter({ has: buyer.locator('label[title="合同模板"]') })
    .first();
  await template.locator('.ant-select').click();
  await buyer.keyboard.type('标准');
  await buyer
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '标准采购合同' })
    .click();
  await pane.getByRole('button', { name: /保\s*存/ }).click();
  await expectToast(buyer, '保存成功');
  const plan = pane
    .locator('.ant-card')
    .filter({ has: buyer.locator('.ant-card-head-title', { hasText: /^付款计划$/ }) });
  const rows = plan.locator('.ant-table-row');
  await slow(rows).toHaveCount(3);
  await plan.scrollIntoViewIfNeeded();
  await keepScreenshot(buyer, 'contract-award-stages');
  // And its clause slots, each clause at the library's version in effect.
  const clauses = pane
    .locator('.ant-card')
    .filter({ has: buyer.locator('.ant-card-head-title', { hasText: /^合同条款$/ }) });
  await expect(clauses.locator('.ant-table-row')).toHaveCount(3);
  const drafted = await api<Row>(buyer, '/api/srm/v1/srmCctContractRestful/findById', {
    contractId: (await first(buyer, 'srmCctContract', { contractNumber })).contractId,
  });
  expect((drafted.clauses as Row[]).map((clause) => clause.termsTitle)).toEqual([
    '付款条款',
    '质量条款',
    '争议解决',
  ]);

  // The amounts on the screen: 30/60/10 of the total, the last taking the remainder.
  const contract = await first(buyer, 'srmCctContract', { contractNumber });
  expect(contract).toMatchObject({ sourceType: 'AWARD', sourceNum: award.awardNum });
  const total = Math.round(Number(contract.amountInclTax) * 100);
  expect(total).toBeGreaterThan(0);
  // Priced with tax as the award was (含税计价): the contract's total is the award's to the cent.
  expect(contract.taxIncludedFlag).toBe('Y');
  expect(total).toBe(Math.round(Number(award.totalAmount) * 100));
  const headers = (await plan.locator('thead th').allInnerTexts()).map((text) => text.replace(/[*\s]/g, ''));
  const ratioAt = headers.indexOf('付款比例(%)');
  const amountAt = headers.indexOf('阶段金额');
  expect(Math.min(ratioAt, amountAt)).toBeGreaterThan(0);
  const shown: number[] = [];
  for (const [index, ratio] of [30, 60, 10].entries()) {
    const cells = rows.nth(index).locator('.ant-table-cell');
    expect(Number(await cells.nth(ratioAt).locator('input').inputValue())).toBe(ratio);
    shown.push(cents((await cells.nth(amountAt).innerText()).trim()));
  }
  expect(shown[0]).toBe(Math.round(total * 0.3));
  expect(shown[1]).toBe(Math.round(total * 0.6));
  expect(shown.reduce((a, b) => a + b, 0)).toBe(total);

  // 生成合同文本: the template filled with the contract, listed among its documents.
  await pane.getByRole('button', { name: '生成合同文本' }).click();
  await expectToast(buyer, '保存成功');
  const documents = pane
    .locator('.ant-card')
    .filter({ has: buyer.locator('.ant-card-head-title', { hasText: /^合同文本$/ }) });
  await slow(documents.locator('.ant-table-row', { hasText: '模板生成' }).first()).toBeVisible();
  const generated = (
    (await api<Row>(buyer, '/api/srm/v1/srmCctContractRestful/findById', { contractId: contract.contractId }))
      .documents as Row[]
  ).filter((document) => document.documentKind === 'GENERATED');
  expect(generated).toHaveLength(1);
  expect(generated[0]!.fileName).toBe(`${contractNumber}.docx`);

  // Pressed again: the same contract, nothing made twice.
  const again = await api<{ contracts: Row[] }>(buyer, '/api/srm/v1/srmCctContractRestful/createFromAward', {
    auctionAwardId: award.awardId,
  });
  expect(again.contracts.map((row) => [row.contractId, row.created])).toEqual([[contract.contractId, false]]);

  // 瑞丰 learns nothing of 恒达's contract.
  const other = await open(browser, baseURL, 'sup_b');
  const answer = await pageApi<Row>(other, '/api/srm/v1/srmCctContractRestful/findById', {
    contractId: contract.contractId,
  });
  expect(answer.httpStatus).toBe(404);
  expect(errors).toEqual([]);
});
