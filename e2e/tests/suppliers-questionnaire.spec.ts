// A questionnaire answered in the portal and reviewed, in Chromium: 瑞丰 (sup_b) opens the demo
// survey from its menu, ticks options, types a number, a text and a self-score — each answer only
// where its question takes one — saves, sees its score, and submits; the buyer scores the text
// and number answers and accepts; the survey's recipient row shows the score. 恒达 (sup_a) never
// sees 瑞丰's reply. Screenshots as artifacts.
import { expect } from '@playwright/test';
import {
  activePane,
  api,
  confirmDialog,
  expectToast,
  keepScreenshot,
  open,
  openFromMenu,
  type Row,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

const REPLY = '/api/srm/v1/srmQuestionnaireReplyRestful';

test('a supplier answers a questionnaire in its portal; the buyer scores and accepts it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const supplier = await open(browser, baseURL, 'sup_b');
  const errors = watchConsole(supplier);
  await openFromMenu(supplier, '调查问卷');
  const pane = activePane(supplier);
  await pane.getByRole('link', { name: /^QR/ }).first().click();
  await slow(pane.getByText('2026 年度供应商质量与社会责任调查')).toBeVisible();
  const row = (text: string) => pane.locator('tr', { hasText: text });
  // A choice question takes no text; a text question takes no number.
  await expect(row('贵公司是否通过 ISO 9001').first().locator('textarea')).toHaveCount(0);
  await expect(row('环境管理措施').locator('input')).toHaveCount(0);
  await row('已认证且在有效期内').locator('.ant-switch').click();
  await row('SPC 统计过程控制').locator('.ant-switch').click();
  await row('8D 问题解决').locator('.ant-switch').click();
  await row('主要产品的月产能').locator('input').fill('50000');
  await row('环境管理措施').locator('textarea').fill('废水经处理达标排放，固废分类交有资质单位处置。');
  await row('交付准时率自评').locator('input').fill('15');
  await pane.getByRole('button', { name: /保\s*存/ }).click();
  await expectToast(supplier, '保存成功');
  // 20 + 5 + 5 for the options, 15 for the self-score; the number and text wait for the reviewer.
  await slow(
    pane.locator('.ant-descriptions-item, .ant-form-item', { hasText: '得分' }).first(),
  ).toContainText('45.00');
  await keepScreenshot(supplier, 'questionnaire-answered-zh');
  await pane.getByRole('button', { name: /提\s*交/ }).click();
  await confirmDialog(supplier);
  await slow(pane.getByText('已提交').first()).toBeVisible();
  const [reply] = await api<Row[]>(supplier, `${REPLY}/listByPage`, { status: 'SUBMITTED' });
  const replyNum = String(reply!.replyNum);

  // 恒达 does not see 瑞丰's reply, by list or by id.
  const other = await open(browser, baseURL, 'sup_a');
  const theirs = await api<Row[]>(other, `${REPLY}/listByPage`, { pageRows: 100 });
  expect(theirs.map((row) => row.replyNum)).not.toContain(replyNum);
  await other.context().close();

  const buyer = await open(browser, baseURL, 'buyer');
  const buyerErrors = watchConsole(buyer);
  await openFromMenu(buyer, '问卷答复');
  const list = activePane(buyer);
  await list.getByRole('link', { name: replyNum }).click();
  const review = activePane(buyer);
  await slow(review.getByText(replyNum).first()).toBeVisible();
  const answer = (text: string) => review.locator('tr', { hasText: text });
  // The reviewer scores the number and the text; a choice is scored by its options.
  await expect(answer('贵公司是否通过 ISO 9001').first().locator('input')).toHaveCount(0);
  await answer('主要产品的月产能').locator('input').last().fill('8');
  await answer('环境管理措施').locator('input').last().fill('16');
  await review.getByRole('button', { name: /保\s*存/ }).click();
  await expectToast(buyer, '保存成功');
  await review.getByRole('button', { name: '审核通过' }).click();
  await confirmDialog(buyer);
  await slow(review.getByText('已审核').first()).toBeVisible();
  const accepted = await api<Row>(buyer, `${REPLY}/findById`, { replyId: reply!.replyId });
  expect([accepted.status, accepted.totalScore]).toEqual(['ACCEPTED', 69]);
  await keepScreenshot(buyer, 'questionnaire-reviewed-zh');
  expect(errors).toEqual([]);
  expect(buyerErrors).toEqual([]);
});
