// Signing in through the login page: the page in both languages, the server's messages inline,
// the guard in front of the workspace, a session kept over a reload and kept alive by the
// heartbeat, and a session the server ended sending the user back with the server's message.
import { expect } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, pageApi, signIn, toastsGone, watchConsole, test } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('the login page speaks both languages and shows the server’s messages', async ({ page }) => {
  const errors = watchConsole(page);

  await test.step('without a session every workspace path leads to the login page', async () => {
    await page.goto('/main/user');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/iframeBox?url=/embed-demo.html');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/forget');
    await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: '供应商注册' })).toBeVisible();
  });

  await test.step('registration checks its fields with the kernel’s messages', async () => {
    const field = (label: string) =>
      page
        .locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) })
        .locator('input')
        .first();
    await field('统一社会信用代码').fill('12345');
    await field('联系人手机').fill('1234');
    await field('联系人邮箱').fill('bad@');
    await field('固定电话').fill('12');
    await page.getByRole('button', { name: '提交注册' }).click();
    for (const message of [
      '统一社会信用代码格式错误',
      '手机号格式错误',
      '邮箱格式错误',
      '电话号码格式错误',
      '请输入验证码',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.locator('.srm-captcha img')).toBeVisible();
    await page.goto('/registerInfoEdit');
    await expect(page.getByText('没有找到进行中的注册申请')).toBeVisible();
  });

  await test.step('in Chinese', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
    await expect(page.getByText('让采购与供应商协同更高效')).toBeVisible();
    await expect(page.getByRole('link', { name: '忘记密码？' })).toBeVisible();
    await expect(page.getByRole('link', { name: '供应商注册' })).toBeVisible();
    await keepScreenshot(page, 'login-zh');
  });

  await test.step('in English', async () => {
    await page.getByText('English', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByPlaceholder('User name')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByText('Buyers and suppliers, working as one')).toBeVisible();
    const text = await page.locator('body').innerText();
    expect(text.match(/[\u3400-\u9fff]+/g)?.filter((word) => word !== '中文') ?? []).toEqual([]);
    await keepScreenshot(page, 'login-en');
    // The choice is kept: a reload draws the page in English (it once stayed blank).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByText('中文', { exact: true }).click();
  });

  await test.step('a wrong password gets the server’s answer inline', async () => {
    await page.locator('input[autocomplete="username"]').fill('admin');
    await page.locator('input[autocomplete="current-password"]').fill('Wrong-pass1');
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
    await expect(page).toHaveURL(/\/login$/);
  });

  expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
});

test('a session survives a reload, keeps alive, and ends with the server’s message', async ({ page }) => {
  await signIn(page, 'buyer');
  await expect(page.getByTestId('greeting')).toContainText('张伟');

  await test.step('a reload keeps the session (localStorage)', async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/main\/inHome$/);
    await expect(page.getByTestId('current-responsibility')).toHaveText('采购员');
  });

  await test.step('every request is signed: the server answers it', async () => {
    const current = await pageApi<{ user: { userName: string } }>(page, '/api/base/v1/auth/current');
    expect(current.body.data.user.userName).toBe('buyer');
    const requests: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request.headers());
    });
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: '物料管理', exact: true }).click();
    await expect(page.locator('main > [role="tabpanel"]:visible .ant-table-row').first()).toBeVisible();
    expect(requests.length).toBeGreaterThan(0);
    for (const headers of requests) {
      expect(headers.appid).toBe('srm-web');
      expect(headers.authorizationcode).toBeTruthy();
      expect(headers.appsign).toMatch(/^[0-9a-f]{64}$/);
      expect(headers.parametersignature).toMatch(/=$/);
      expect(headers['saaf-language']).toBe('CN');
    }
  });

  const materials = new URL(page.url()).pathname;
  const pane = page.locator('main > [role="tabpanel"]:visible');
  await test.step('a reload (F5) brings the open tabs back; a tab not shown is drawn when shown', async () => {
    await page.reload();
    await expect(page.getByRole('tab', { name: '物料管理', exact: true, selected: true })).toBeVisible();
    await expect(pane.locator('.ant-table-row').first()).toBeVisible();
    await page.getByRole('tab', { name: /首页/ }).click();
    await page.reload();
    await expect(page).toHaveURL(/\/main\/inHome$/);
    const tab = page.getByRole('tab', { name: '物料管理', exact: true });
    await expect(tab).toBeVisible();
    // Not drawn while hidden: no list of materials is asked for until the tab is shown.
    await expect(page.locator(`main > [role="tabpanel"][data-route] .ant-table`)).toHaveCount(0);
    await tab.click();
    await page.waitForURL((url) => url.pathname === materials);
    await expect(pane.locator('.ant-table-row').first()).toBeVisible();
  });

  await test.step('a session the server ended returns to the login page with its message', async () => {
    expect((await pageApi(page, '/api/base/v1/auth/logout')).body.status).toBe('S');
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: '币种', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('请先登录')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('srm.session'))).toBeNull();
  });

  await test.step('a link into the workspace opened while signed out lands there after sign-in', async () => {
    await page.goto(`${materials}?from=mail`);
    await expect(page).toHaveURL(/\/$/);
    await page.locator('input[autocomplete="username"]').fill('buyer');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === materials && url.search === '?from=mail');
    await expect(pane.locator('.ant-table-row').first()).toBeVisible();
  });
});

test('the heartbeat goes out every hour while signed in', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'finance');
  await toastsGone(page);
  // Running the page's clock an hour ahead also fires the lists' one-minute refreshes, signed with
  // that future time: the server refuses them as stale (401) and, if one answer arrived before the
  // hour was run, the page would sign out and stop the heartbeat. Held at the network, they never
  // reach the server; the heartbeat is still seen leaving the page.
  await page.route('**/api/**', (route) => route.abort());
  const heartbeat = page.waitForRequest('**/api/base/v1/auth/heartbeat');
  await page.clock.runFor(3_600_000);
  const request = await heartbeat;
  expect(request.headers().appid).toBe('srm-web');
  expect(request.headers().authorizationcode).toBeTruthy();
});

test('a forgotten password is reset with a code and the user signs in with the new one', async ({
  browser,
  page,
}) => {
  await page.goto('/forget');
  await page.getByLabel('用户名').fill('finance');
  await page.getByText('手机短信', { exact: true }).click();
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('如果该账号存在且登记了邮箱或手机，验证码已发送，10 分钟内有效')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重新发送/ })).toBeDisabled();

  // Without an SMS provider the code is recorded for the administrator (消息发送记录), once the
  // message outbox has handed it over (within a second or so).
  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  let code: string | undefined;
  await expect
    .poll(async () => {
      const log = await pageApi<{ recipient: string; content: string }[]>(
        admin,
        '/api/message/v1/baseMessageLogRestful/listByPage',
        { channel: 'SMS', pageRows: 20 },
      );
      code = log.body.data.find((row) => row.recipient === '13800000004')?.content.match(/(\d{6})/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  await admin.close();

  await page.getByLabel('验证码', { exact: true }).fill(code!);
  await page.getByLabel('新密码', { exact: true }).fill('simple1');
  await page.getByLabel('确认新密码').fill('simple1');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码长度不能少于 8 位')).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill('Reset-Pass9');
  await page.getByLabel('确认新密码').fill('Reset-Pass9');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await signIn(page, 'finance', 'Reset-Pass9');
  await expect(page.getByTestId('greeting')).toContainText('王芳');
});

test('after three failures the login page asks for the captcha the server wants', async ({ page }) => {
  // The last test of the file: finance is left needing a captcha (and, from the reset above, with
  // another password); no later journey (smoke, suppliers-agreements, toolkit) signs in as finance.
  await page.goto('/');
  const userName = page.locator('input[autocomplete="username"]');
  const password = page.locator('input[autocomplete="current-password"]');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await userName.fill('finance');
    await password.fill(`Wrong-pass${attempt}`);
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
    await expect(password).toHaveValue('');
  }
  await expect(page.locator('.srm-captcha img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByPlaceholder('验证码')).toBeVisible();
  await page.reload();
  await userName.fill('finance');
  await userName.blur();
  await expect(page.locator('.srm-captcha img')).toBeVisible();
  await password.fill('Wrong-pass4');
  await page.getByPlaceholder('验证码').fill('0000');
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('验证码错误或已过期');
});
