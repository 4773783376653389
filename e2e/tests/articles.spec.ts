// Help and news articles (文章管理): the administrator writes an article for the login page and
// the supplier home, previews and publishes it from its page; a visitor who is not signed in
// reads it from the login page, in Chinese and in English; supplier A reads it from its home,
// where an article meant for the internal home never shows; unpublished, it leaves the login page.
// Screenshots of the login page, the dialog, the editor, the preview and the reader.
import { expect } from '@playwright/test';
import { activePane, api, confirmDialog, keepScreenshot, open, test, watchConsole } from './helpers';

type Row = Record<string, unknown>;
const slow = expect.configure({ timeout: 30_000 });
const ARTICLES = '/api/srm/v1/srmArticleRestful';

test('an article on the login page and the supplier home: published, read by anyone there, unpublished', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await open(browser, baseURL, 'admin');
  const adminErrors = watchConsole(admin);
  const stamp = Date.now() % 100_000;
  const title = `对账单确认操作说明 ${stamp}`;
  const titleEn = `Confirming a statement ${stamp}`;
  const draft = await api<Row>(admin, `${ARTICLES}/saveOrUpdate`, {
    title,
    titleEn,
    category: 'HELP',
    placements: ['LOGIN', 'SUPPLIER_HOME'],
    pinnedFlag: 'Y',
    content:
      '<p>在<strong>结算协同 → 对账单</strong>中逐行确认或提出异议。</p>' +
      '<p onclick="alert(1)">确认后即可开票。<script>alert(2)</script></p>',
    contentEn: '<p>Confirm or dispute each line under <strong>Settlement → Statements</strong>.</p>',
  });
  expect(String(draft.content)).not.toMatch(/script|onclick/);
  const inside = await api<Row>(admin, `${ARTICLES}/saveOrUpdate`, {
    title: `内部采购制度修订 ${stamp}`,
    category: 'POLICY',
    placements: ['INTERNAL_HOME'],
    content: '<p>仅内部可见。</p>',
  });
  await api(admin, `${ARTICLES}/doPublish`, { articleId: inside.articleId });

  await test.step('the administrator previews and publishes it from its page', async () => {
    await admin.goto(`/main/articleManagementList/articleEdit?articleId=${String(draft.articleId)}`);
    const pane = activePane(admin);
    await slow(pane.getByTestId('document-number')).toHaveText(String(draft.articleNumber));
    await keepScreenshot(admin, 'article-editor-zh');
    await pane.getByRole('button', { name: '预览' }).click();
    const preview = admin.getByTestId('article-preview');
    await slow(preview.getByText('确认后即可开票。')).toBeVisible();
    await preview.getByText('英文', { exact: true }).click();
    await slow(preview.getByText(titleEn)).toBeVisible();
    await keepScreenshot(admin, 'article-preview-en');
    await admin.keyboard.press('Escape');
    await pane.getByRole('button', { name: /^发\s?布$/ }).click();
    await confirmDialog(admin);
    await slow(pane.getByText('已发布', { exact: true }).first()).toBeVisible();
  });

  await test.step('a visitor reads it from the login page, in Chinese and in English', async () => {
    const context = await browser.newContext({
      baseURL,
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
    });
    const visitor = await context.newPage();
    const visitorErrors = watchConsole(visitor);
    await visitor.goto('/');
    const articles = visitor.getByTestId('login-articles');
    await slow(articles.getByText(title)).toBeVisible();
    await expect(articles.getByText(`内部采购制度修订 ${stamp}`)).toHaveCount(0);
    await keepScreenshot(visitor, 'article-login-zh');
    await articles.getByText(title).click();
    const dialog = visitor.getByTestId('login-article-dialog');
    await slow(dialog.getByText('确认后即可开票。')).toBeVisible();
    await keepScreenshot(visitor, 'article-login-dialog-zh');
    await visitor.keyboard.press('Escape');
    await visitor.getByText('English', { exact: true }).click();
    await slow(articles.getByText(titleEn)).toBeVisible();
    await articles.getByText(titleEn).click();
    await slow(dialog.getByText('Confirm or dispute each line')).toBeVisible();
    await keepScreenshot(visitor, 'article-login-dialog-en');
    expect(visitorErrors).toEqual([]);
    await context.close();
  });

  await test.step('supplier A reads it from its home; the internal article is not there', async () => {
    const supplier = await open(browser, baseURL, 'sup_a');
    const card = supplier.getByTestId('ex-articles');
    await slow(card.getByText(title)).toBeVisible();
    await expect(card.getByText(`内部采购制度修订 ${stamp}`)).toHaveCount(0);
    await card.getByText(title).click();
    const reader = activePane(supplier).getByTestId('article-reader');
    await slow(reader.getByText('确认后即可开票。')).toBeVisible();
    await slow(reader.getByText(/阅读 \d+/)).toBeVisible();
    await keepScreenshot(supplier, 'article-reader-zh');
    await supplier.context().close();
  });

  await test.step('unpublished, it leaves the login page', async () => {
    await activePane(admin)
      .getByRole('button', { name: /^下\s?架$/ })
      .click();
    await confirmDialog(admin);
    await slow(activePane(admin).getByText('已下架', { exact: true }).first()).toBeVisible();
    const listed = await admin.evaluate(async (path) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageRows: 50 }),
      });
      return ((await response.json()) as { data: Row[] }).data.map((row) => row.title);
    }, `${ARTICLES}/loginList`);
    expect(listed).not.toContain(title);
  });
  expect(adminErrors).toEqual([]);
});
