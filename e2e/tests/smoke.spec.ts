import { expect } from '@playwright/test';
import { keepScreenshot, rendersChinese, watchConsole, test } from './helpers';

test('the built app opens on the login page with zero console errors and renders Chinese', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page.getByText('SRM 供应商关系管理平台').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
  expect(await rendersChinese(page)).toBe(true);
  await keepScreenshot(page, 'smoke-zh');
  expect(errors).toEqual([]);
});
