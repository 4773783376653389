// The supplier lifecycle in Chromium, each person in a browser context of their own (the
// acceptance of the supplier-lifecycle issue): the buyer (张伟), the newcomer — a company that is
// not signed in, registers through the link in its invitation mail and then works in its portal —
// and supplier B (sup_b, 瑞丰), signed in from the start to the end. The purchasing manager (李娜)
// approves in contexts of her own (one before the clock moves, one after).
//
//  1. UI  the buyer turns a lead (潜在供应商线索, made over the API) into a register invitation: 邀请注册.
//  2. UI  the newcomer opens the link from the mail, types its credit code (a wrong check character
//         is refused as typed), its login name, company data and bank account, and submits.
//  3. UI  the buyer finds the registration; the manager approves it from her home page; the mail
//         gives the login and the initial password.
//  4. UI  the newcomer signs in, changes the password and asks for a change info adding its ISO 9001
//         certificate, valid through tomorrow (the server's day in Asia/Shanghai); approved (API).
//  5. UI  the buyer passes the qualification censor of the introduction (钢材 for OU100, scene 新供应商
//         （生产物料）: censor, locale inspection, sample trial and agreement required; ISO 9001
//         required of 钢材 in OU100, set up over the API). API: the introduction started, the locale
//         inspection scored 85 by buyer and manager, the sample requested, shipped by the newcomer,
//         received, passed (suppliers-agreements.spec.ts and the API tests cover their screens).
//         UI: the newcomer rewords the negotiable clause 4.2 and submits it (提交修改意见); the buyer
//         accepts it (接受修改并签署), completes the introduction and sees the library line 合格. API:
//         the buyer saves an order of cold-rolled steel (05010001) to the newcomer for OU100.
//  6. UI  two days on (the server's clock, moved in its 4-minute steps), submitting the order is
//         refused naming the certificate and the day it expired.
//  7. UI  the newcomer asks for a change with the renewed certificate and a new bank account; the
//         buyer reads both in 变更对比 (before / after); the manager approves it from her home page;
//         the order is submitted (UI) and approved (API).
//  8. UI  the buyer blacklists the newcomer for sourcing; approved (API); an inquiry inviting it is
//         refused with 422 naming the entry (API).
//  9. API supplier B reaches none of it — lists empty, documents 404, internal ones 403, where the
//         buyer's same request answers — before the clock moves and at the end; its lists on screen
//         show none of it (UI).
// The clock is put back at the end (and by resetClock after a failure). Screenshots as artifacts.
import { type Browser, type Locator, type Page, expect } from '@playwright/test';
// The validators alone: the kernel's index brings JSON catalogues Playwright's loader refuses.
import { withCreditCodeCheck } from '@srm/kernel/validators';
import {
  activePane,
  api,
  confirmDialog,
  expectToast,
  first,
  formField,
  keepScreenshot,
  linesCard,
  mailTo,
  moveClock,
  open,
  openFromMenu,
  pageApi,
  resetClock,
  type Row,
  sentMails,
  signOut,
  test,
  registerCompany,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
// Screens load their data over a busy shared machine: wait longer than the default.
const slow = expect.configure({ timeout: 30_000 });

const SRM = '/api/srm/v1';
const PO = `${SRM}/srmPoHeaderRestful`;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** How far the clock goes: two days. */
const MOVED = 48 * HOUR;
/** A session lasts 12 hours at most (SRM_SESSION_MAX_HOURS): the clock is moved by successive sessions. */
const LEG = 11 * HOUR;
const PASSWORD = 'Ruifeng@2026';
const REWORDED = '因乙方物料质量问题造成的直接损失由乙方承担，赔偿上限为当批货款。';

/** The day `ms` falls on in the company's time zone (Asia/Shanghai), as YYYY-MM-DD. */
const shanghaiDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(ms));

/** From the home page's pending list: opens the document and approves its task (同意). */
async function approveFromHome(page: Page, number: string) {
  const task = page.getByTestId('pending-task').filter({ hasText: number });
  await slow(task).toBeVisible();
  await task.getByText(number, { exact: true }).click();
  const pane = activePane(page);
  await slow(pane.getByTestId('document-number')).toHaveText(number);
  await pane.getByTestId('bpm-doApprove').click();
  await page.getByTestId('bpm-confirm').click();
  await expectToast(page, '已同意');
}

/**
 * The purchasing manager approves a document's task in the approval engine from her open page
 * (approveDocument signs her in afresh for each document: five times here).
 */
async function approveTask(approver: Page, entityName: string, documentId: unknown) {
  const tasks = await api<Row[]>(approver, '/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 100,
    entityName,
  });
  const task = tasks.find((row) => row.documentId === documentId);
  if (!task) throw new Error(`no approval task for ${entityName} ${String(documentId)}`);
  await api(approver, '/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task.taskId, comment: '同意' });
}

/** Confirms the approval preview a submit opens: the process named, 李娜 to decide. */
async function submitForApproval(page: Page, process: string) {
  const preview = page.getByTestId('approval-preview');
  await slow(preview).toContainText('李娜');
  await expect(preview).toContainText(process);
  await page.getByTestId('bpm-preview-ok').click();
}

/** Picks `option` in the select whose input id ends with `idSuffix` (a grid cell or a form field). */
async function pickIn(
  page: Page,
  scope: Locator,
  idSuffix: string,
  option: string | RegExp,
  search?: string,
) {
  await scope.locator('.ant-select', { has: page.locator(`input[id$="${idSuffix}"]`) }).click();
  if (search) await page.keyboard.type(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Types a date into a date picker's input and confirms it. */
async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Signs in through the login page with a password of the company's own (not the demo one). */
async function signInAs(page: Page, userName: string, password: string) {
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(userName);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Opens a new change info of the company in its portal: the supplier picked, the reason given, saved. */
async function openChange(page: Page, company: string, stamp: string, reason: string) {
  await openFromMenu(page, '信息变更申请');
  await activePane(page).getByRole('button', { name: '新建' }).click();
  await slow(page.getByRole('tab', { name: '新建供应商信息变更', selected: true })).toBeVisible();
  const form = activePane(page);
  await slow(formField(form, '变更原因')).toBeVisible();
  await pickIn(page, form, '_supplierId', company, stamp);
  await formField(form, '变更原因').fill(reason);
  // Picking the supplier brings its values: the change starts as a copy of the master.
  await expect(formField(form, '供应商名称')).toHaveValue(company);
  return form;
}

/**
 * The buyer signed in on a page of the app's origin that sends no request of its own (the icon):
 * what moves the clock, with the session's signature.
 */
async function quietBuyer(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await open(browser, baseURL, 'buyer', false);
  await page.goto('/favicon.svg');
  return page;
}

/**
 * Checks that supplier B is refused what `control` (an internal user) reaches: the same request
 * answers the control with data (a list with rows), and B with `refused` — an HTTP status (404 for
 * a document it may not know of, 403 for an internal-only one) or an empty list.
 */
function hiddenFromB(control: Page, supplierB: Page) {
  return async (path: string, body: Row, refused: 403 | 404 | []) => {
    const url = `${SRM}/${path}`;
    const seen = await pageApi<unknown>(control, url, body);
    expect(seen.httpStatus, `${path} for the buyer`).toBe(200);
    if (Array.isArray(seen.body.data))
      expect(seen.body.data.length, `${path} for the buyer`).toBeGreaterThan(0);
    const answer = await pageApi<unknown>(supplierB, url, body);
    if (Array.isArray(refused)) expect([answer.httpStatus, answer.body.data], path).toEqual([200, []]);
    else expect(answer.httpStatus, path).toBe(refused);
  };
}

// A failure while the clock is moved must not leave it so for the worker's later specs.
test.afterEach(({ browser, baseURL }) => resetClock(browser, baseURL));

test('a lead becomes a qualified supplier, is refused once its certificate lapses, renews it and is blacklisted; supplier B sees none of it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const stamp = String(Date.now()).slice(-6);
  const company = `常州锐锋钢材科技有限公司${stamp}`;
  const email = `sales${stamp}@ruifeng-steel.example.cn`;
  const userName = `ruifeng_${stamp}`;
  const creditCode = withCreditCodeCheck(`91320411MA${stamp}K`);
  const oldAccount = `62220210${stamp}0001`;
  const newAccount = `62148500${stamp}0002`;
  const isoNumber = `CQC-QMS-${stamp}`;
  const renewedNumber = `CQC-QMS-${stamp}-R1`;

  const buyer = await open(browser, baseURL, 'buyer');
  const pane = activePane(buyer);
  const supplierB = await open(browser, baseURL, 'sup_b');
  // The server's time decides validity: the certificate's last day is tomorrow in Shanghai.
  const serverNow = await moveClock(buyer, 0);
  const today = shanghaiDay(serverNow);
  const tomorrow = shanghaiDay(serverNow + DAY);
  const renewedUntil = shanghaiDay(serverNow + 3 * 365 * DAY);
  const ids = {
    org: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
    category: (await first(buyer, 'srmBaseCategory', { categoryCode: '0501' })).categoryId,
    item: (await first(buyer, 'srmBaseItem', { itemCode: '05010001' })).itemId,
  };
  const userIdOf = async (name: string) =>
    (await api<Row[]>(buyer, '/api/base/v1/baseUser/directory', { keyword: name })).find(
      (row) => row.userName === name,
    )!.userId;
  const userIds = { buyer: await userIdOf('buyer'), approver: await userIdOf('approver') };

  let sceneId: unknown = null;
  await test.step('0. ISO 9001 is required of 钢材 in OU100; the scene 新供应商（生产物料） requires the four steps (API)', async () => {
    const REQUIREMENT = `${SRM}/srmQualificationRequirementRestful`;
    const [existing] = await api<Row[]>(buyer, `${REQUIREMENT}/listByPage`, {
      categoryId: ids.category,
      orgId: ids.org,
      credentialType: 'ISO9001',
    });
    // Mandatory, with no minimum validity: a certificate valid through tomorrow passes the censor.
    const requirement = await api(buyer, `${REQUIREMENT}/saveOrUpdate`, {
      ...(existing ? { requirementId: existing.requirementId, versionNum: existing.versionNum } : {}),
      categoryId: ids.category,
      orgId: ids.org,
      credentialType: 'ISO9001',
      mandatoryFlag: 'Y',
      minValidDays: 0,
      enabledFlag: 'Y',
      remark: '钢材供应商须持有效的 ISO 9001 证书',
    });
    expect([requirement.mandatoryFlag, requirement.enabledFlag]).toEqual(['Y', 'Y']);
    const SCENE = `${SRM}/srmSupplierIntroSceneRestful`;
    const required = ['AGREEMENT', 'CENSOR', 'INSPECTION', 'SAMPLE'];
    for (const scene of await api<Row[]>(buyer, `${SCENE}/listByPage`, {
      sceneType: 'NEW_SUPPLIER',
      enabledFlag: 'Y',
    })) {
      const found = await api<Row & { steps: Row[] }>(buyer, `${SCENE}/findById`, { sceneId: scene.sceneId });
      const steps = found.steps.filter((step) => step.requiredFlag === 'Y').map((step) => step.stepType);
      if (found.sceneName === '新供应商（生产物料）' && required.every((step) => steps.includes(step)))
        sceneId = found.sceneId;
    }
    // The demo has it; a database without it gets one.
    sceneId ??= (
      await api(buyer, `${SCENE}/saveOrUpdate`, {
        sceneCode: `E2E_PROD_${stamp}`,
        sceneName: '新供应商（生产物料）',
        sceneType: 'NEW_SUPPLIER',
        steps: required.map((stepType) => ({ stepType, requiredFlag: 'Y' })),
      })
    ).sceneId;
  });

  let link = '';
  await test.step('1. the buyer turns a lead into a register invitation sent by e-mail', async () => {
    // Found at a trade fair: what it offers (钢材) and whom to write to; its credit code unknown yet.
    const lead = await api(buyer, `${SRM}/srmSupplierLeadRestful/saveOrUpdate`, {
      companyName: company,
      leadSource: 'EXHIBITION',
      contactName: '顾晓峰',
      contactMobile: `13961${stamp}`,
      contactEmail: email,
      businessScope: '冷轧钢板、镀锌板剪切配送',
      categories: [{ categoryId: ids.category }],
    });
    const leadNumber = String(lead.leadNumber);
    await openFromMenu(buyer, '潜在供应商线索');
    const row = pane.locator('.ant-table-row', { hasText: leadNumber });
    await slow(row).toBeVisible();
    await row.getByText('编辑', { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(leadNumber);
    const before = sentMails().length;
    await pane.getByRole('button', { name: '邀请注册' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已邀请').first()).toBeVisible();
    await keepScreenshot(buyer, 'lifecycle-lead-invited-zh');
    const stored = await api(buyer, `${SRM}/srmSupplierLeadRestful/findById`, { leadId: lead.leadId });
    const invite = await api(buyer, `${SRM}/srmSupplierRegisterInviteRestful/findById`, {
      inviteId: stored.inviteId,
    });
    expect([stored.status, invite.status, invite.contactEmail]).toEqual(['INVITED', 'SENT', email]);
    link = (await mailTo(email, /https?:\/\/\S+\/register\?invite=\d+&token=\S+/, before))[0];
  });

  // A browser of its own, not signed in: the company has only the mail.
  const invitee = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  const newcomer = await invitee.newPage();
  const portal = activePane(newcomer);
  let registerNumber = '';
  await test.step('2. the invitee opens the link, registers and submits', async () => {
    await newcomer.goto(link);
    await slow(newcomer.getByText('您收到了采购方的注册邀请')).toBeVisible();
    // What the buyer knew is filled in; the credit code is checked as it is typed.
    await expect(newcomer.getByLabel('公司名称')).toHaveValue(company);
    await expect(newcomer.getByLabel('联系人邮箱')).toHaveValue(email);
    const code = newcomer.getByLabel('统一社会信用代码');
    await code.fill(creditCode.slice(0, 17) + (creditCode.endsWith('1') ? '2' : '1'));
    await code.press('Tab');
    await expect(newcomer.getByText('统一社会信用代码校验位错误，请核对')).toBeVisible();
    await code.fill(creditCode);
    await expect(newcomer.getByText('统一社会信用代码校验位错误，请核对')).toHaveCount(0);
    await newcomer.getByLabel('登录账号').fill(userName);
    await newcomer.getByRole('button', { name: '提交注册' }).click();
    await expect(newcomer).toHaveURL(/\/registerInfoEdit$/);
    // The invited address is confirmed by the link; the company completes its data and submits.
    await slow(newcomer.getByText(`邮箱 ${email} 已验证`)).toBeVisible();
    registerNumber = (await newcomer.getByTestId('register-number').innerText()).trim();
    // The business register knows the company: 查询工商信息 fills its legal data from it.
    await registerCompany({
      creditCode,
      companyName: company,
      legalPerson: '顾晓峰',
      registeredCapital: 5000000,
      capitalCurrency: 'CNY',
      establishDate: '2019-05-16',
      address: '江苏省常州市新北区汉江路 99 号',
      businessScope: '冷轧钢板、镀锌板的剪切加工与配送',
      registrationStatus: '存续',
    });
    await newcomer.getByTestId('register-bizinfo').click();
    await expect(newcomer.getByTestId('register-bizinfo-notice')).toHaveText(
      '已按工商登记填入 6 项，请核对后保存',
    );
    await expect(newcomer.getByLabel('法定代表人')).toHaveValue('顾晓峰');
    await expect(newcomer.getByLabel('经营范围')).toHaveValue('冷轧钢板、镀锌板的剪切加工与配送');
    await newcomer.getByTestId('register-accounts').getByRole('button', { name: '新增行' }).click();
    await newcomer.locator('input[id$="accounts_0_bankName"]').fill('中国工商银行常州新北支行');
    await newcomer.locator('input[id$="accounts_0_bankAccountName"]').fill(company);
    await newcomer.locator('input[id$="accounts_0_bankAccountNumber"]').fill(oldAccount);
    // A service supplier would owe its scope of service and regions: said before it submits.
    const pickType = async (type: string) => {
      await formField(newcomer.locator('body'), '供应商类型').click();
      await newcomer.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${type}"]`).click();
    };
    await pickType('服务类供应商');
    await expect(newcomer.getByTestId('register-indirect-hint')).toHaveText(
      '非生产性及服务类供应商请填写服务范围和服务区域',
    );
    await pickType('生产性供应商');
    await expect(newcomer.getByTestId('register-indirect-hint')).toHaveCount(0);
    // It offers 钢材 (picked from the buyer's tree, typing to search) and gives its licence, long-term valid.
    await newcomer.getByTestId('register-categories-pick').click();
    await newcomer.keyboard.type('钢材');
    await newcomer
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '0501 钢材' })
      .click();
    await newcomer.keyboard.press('Escape');
    await expect(newcomer.getByTestId('register-categories-main')).toContainText('0501 钢材');
    await newcomer.getByTestId('register-credentials').getByRole('button', { name: '新增行' }).click();
    await newcomer.locator('input[id$="credentials_0_credentialType"]').click();
    await newcomer
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '营业执照' })
      .click();
    await newcomer.locator('input[id$="credentials_0_credentialNumber"]').fill(creditCode);
    // 长期有效 lies to the right of the grid: scrolled to, as a person does.
    const longTerm = newcomer.locator('[id$="credentials_0_longTermFlag"]');
    await newcomer
      .getByTestId('register-credentials')
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((grid) => grid.scrollTo({ left: grid.scrollWidth }));
    await longTerm.click();
    await expect(longTerm).toHaveAttribute('aria-checked', 'true');
    await newcomer.getByRole('button', { name: '提交审核' }).click();
    await expectToast(newcomer, '已提交，请等待采购方审核');
    await expect(newcomer.getByTestId('register-status')).toHaveText('已提交');
    await keepScreenshot(newcomer, 'lifecycle-registration-submitted-zh');
  });

  let initialPassword = '';
  const approver = await open(browser, baseURL, 'approver');
  await test.step('3. the buyer finds the registration; the purchasing manager approves it from her home page', async () => {
    await openFromMenu(buyer, '供应商注册审核');
    const row = pane.locator('.ant-table-row', { hasText: registerNumber });
    await slow(row).toBeVisible();
    await expect(row).toContainText(company);
    await expect(row).toContainText(creditCode);
    const before = sentMails().length;
    await approveFromHome(approver, registerNumber);
    const mail = await mailTo(email, /登录账号：(\S+)\s+初始密码：(\S+)/, before);
    expect(mail[1]).toBe(userName);
    initialPassword = mail[2]!;
  });

  let supplierId = 0;
  const changeIds: unknown[] = [];
  let credentialId: unknown = null;
  await test.step('4. the new supplier signs in, changes its password and adds its ISO 9001 certificate, valid through tomorrow', async () => {
    await signInAs(newcomer, userName, initialPassword);
    const dialog = newcomer.locator('.ant-modal-wrap:visible', { hasText: '请先修改初始密码' });
    await slow(dialog).toBeVisible();
    await dialog.getByLabel('原密码').fill(initialPassword);
    await dialog.getByLabel('新密码', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('确认新密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expectToast(newcomer, '密码修改成功');
    await expect(newcomer).toHaveURL(/\/main\/exHome$/);
    // Its credentials are the master's (with the licence it gave at registration): the company adds
    // its certificate through a change info, whose lines are copied from the master on its first save.
    const form = await openChange(newcomer, company, stamp, '补充 ISO 9001 质量管理体系认证证书');
    await linesCard(newcomer, '资质证书').getByRole('button', { name: '新增行' }).click();
    await pickIn(newcomer, form, 'credentials_0_credentialType', 'ISO 9001');
    await form.locator('input[id$="credentials_0_credentialNumber"]').fill(isoNumber);
    await form.locator('input[id$="credentials_0_issuingAuthority"]').fill('中国质量认证中心');
    await typeDate(form.locator('input[id$="credentials_0_issueDate"]'), shanghaiDay(serverNow - 1000 * DAY));
    await typeDate(form.locator('input[id$="credentials_0_expiryDate"]'), tomorrow);
    await form.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(newcomer, '保存成功');
    await slow(form.getByTestId('document-number')).toHaveText(/^SC\d{12}$/);
    const changeNumber = (await form.getByTestId('document-number').innerText()).trim();
    await form.getByRole('button', { name: '提交审批' }).click();
    await submitForApproval(newcomer, '供应商信息变更审批');
    await slow(form.getByText('审批中').first()).toBeVisible();
    const [change] = await api<Row[]>(newcomer, `${SRM}/srmSupplierChangeRestful/listByPage`, {
      changeNum: changeNumber,
    });
    supplierId = change!.supplierId as number;
    changeIds.push(change!.changeId);
    await approveTask(approver, 'srmSupplierChange', change!.changeId);
    const master = await api<Row & { credentials: Row[]; accounts: Row[]; categories: Row[] }>(
      buyer,
      `${SRM}/srmSupplierInfoRestful/findById`,
      { supplierId },
    );
    expect([master.supplierName, master.creditCode, master.status]).toEqual([
      company,
      creditCode,
      'POTENTIAL',
    ]);
    expect(master.accounts.map((row) => row.bankAccountNumber)).toEqual([oldAccount]);
    expect(
      master.credentials.map((row) => [row.credentialType, row.credentialNumber, row.expiryDate]),
    ).toEqual([
      // The licence given at registration, long-term valid; the certificate added in the portal.
      ['BUSINESS_LICENCE', creditCode, null],
      ['ISO9001', isoNumber, tomorrow],
    ]);
    expect(master.categories.map((row) => [row.categoryName, row.mainFlag])).toEqual([['钢材', 'Y']]);
    credentialId = master.credentials.find((row) => row.credentialType === 'ISO9001')!.supplierCredentialId;
  });

  let introId = 0;
  const documents: [string, string, unknown][] = [];
  await test.step('5a. the introduction of 钢材 for OU100 starts (API); the buyer passes its qualification censor', async () => {
    const INTRO = `${SRM}/srmSupplierIntroRestful`;
    const intro = await api(buyer, `${INTRO}/saveOrUpdate`, {
      supplierId,
      categoryId: ids.category,
      orgId: ids.org,
      sceneId,
      introReason: '冷轧钢板二供开发',
    });
    introId = intro.introId as number;
    await api(buyer, `${INTRO}/doStart`, { introId, versionNum: intro.versionNum });
    const introNumber = String(intro.introNum);
    await openFromMenu(buyer, '资质审查');
    await pane.getByRole('button', { name: '新建' }).click();
    await slow(buyer.getByRole('tab', { name: '新建资质审查', selected: true })).toBeVisible();
    await formField(pane, '供应商引入').click();
    await formField(pane, '供应商引入').fill(introNumber);
    await buyer
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: introNumber })
      .first()
      .click();
    await slow(pane.getByText(company).first()).toBeVisible();
    await pickIn(buyer, pane, '_censorResult', /^通过$/);
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    // The line the requirement asks, beside the supplier's certificate: valid through tomorrow.
    const line = linesCard(buyer, '资质要求').locator('.ant-table-row', { hasText: isoNumber });
    await slow(line).toBeVisible();
    await expect(line).toContainText(tomorrow);
    await expect(line).toContainText('有效');
    await pickIn(buyer, line, 'requires_0_verdict', /^符合$/);
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    await pane.getByRole('button', { name: '提交审批' }).click();
    await submitForApproval(buyer, '资质审查审批');
    await slow(pane.getByText('审批中').first()).toBeVisible();
    const [censor] = await api<Row[]>(buyer, `${SRM}/srmQualifyCensorRestful/listByPage`, { introId });
    await approveTask(approver, 'srmQualifyCensor', censor!.censorId);
  });

  // The locale inspection's and the sample trial's screens are long data entry that the API tests
  // and suppliers-agreements.spec.ts cover: each person acts here through their own signed API.
  await test.step('5b. two inspectors score the locale inspection at 85; the sample trial passes (API)', async () => {
    const INSPECTION = `${SRM}/srmLocaleInspectionRestful`;
    const template = await first(buyer, 'srmSurveyTemplate', { templateCode: 'AUDIT_PROD' });
    const made = await api(buyer, `${INSPECTION}/saveOrUpdate`, {
      introId,
      supplierId,
      categoryId: ids.category,
      orgId: ids.org,
      templateId: template.templateId,
      inspectionDate: today,
      inspectors: [{ userId: userIds.buyer }, { userId: userIds.approver }],
    });
    const inspectionId = made.inspectionId;
    const inspection = () => api<Row & { scores: Row[] }>(buyer, `${INSPECTION}/findById`, { inspectionId });
    await api(buyer, `${INSPECTION}/doStart`, { inspectionId, versionNum: (await inspection()).versionNum });
    // Each inspector scores their own rows only, in their own session.
    for (const [page, userId] of [
      [buyer, userIds.buyer],
      [approver, userIds.approver],
    ] as const) {
      const current = await inspection();
      await api(page, `${INSPECTION}/saveOrUpdate`, {
        inspectionId,
        versionNum: current.versionNum,
        scores: current.scores.map((row) => ({
          inspectionScoreId: row.inspectionScoreId,
          ...(row.inspectorId === userId ? { score: 85 } : {}),
        })),
      });
    }
    await api(buyer, `${INSPECTION}/doSubmit`, { inspectionId, versionNum: (await inspection()).versionNum });
    const submitted = await inspection();
    expect([submitted.totalScore, submitted.inspectionResult, submitted.scores.length]).toEqual([
      85,
      'PASS',
      10,
    ]);
    await approveTask(approver, 'srmLocaleInspection', inspectionId);
    documents.push(['srmLocaleInspection', 'inspectionId', inspectionId]);

    const TRIAL = `${SRM}/srmSampleTrialRestful`;
    const trialMade = await api(buyer, `${TRIAL}/saveOrUpdate`, {
      introId,
      supplierId,
      categoryId: ids.category,
      orgId: ids.org,
      requiredDate: shanghaiDay(serverNow + 7 * DAY),
      requestNote: '冷轧钢板 SPCC 样板 2 张，附材质证明',
      lines: [{ itemId: ids.item, itemName: '冷轧钢板 SPCC', quantity: 2 }],
      results: [{ evaluatorRole: 'QUALITY', evaluatorId: userIds.buyer, mandatoryFlag: 'Y' }],
    });
    const sampleTrialId = trialMade.sampleTrialId;
    const trial = (page: Page) =>
      api<Row & { lines: Row[]; results: Row[] }>(page, `${TRIAL}/findById`, { sampleTrialId });
    const act = async (page: Page, action: string, body: Row = {}) =>
      api(page, `${TRIAL}/${action}`, { sampleTrialId, versionNum: (await trial(page)).versionNum, ...body });
    await act(buyer, 'doRequest');
    // The new supplier records what it shipped, and ships.
    await act(newcomer, 'saveOrUpdate', {
      lines: (await trial(newcomer)).lines.map((row) => ({
        sampleLineId: row.sampleLineId,
        shippedQuantity: 2,
        shipDate: today,
        waybillNo: `SF${stamp}01`,
      })),
    });
    await act(newcomer, 'doShip');
    await act(buyer, 'doReceive');
    await act(buyer, 'saveOrUpdate', {
      results: (await trial(buyer)).results.map((row) => ({
        sampleResultId: row.sampleResultId,
        verdict: 'PASS',
        evaluationData: '厚度 1.00 mm，抗拉强度 310 MPa，表面无划伤',
        evaluateDate: today,
      })),
    });
    await act(buyer, 'doSubmit');
    expect((await trial(buyer)).sampleResult).toBe('PASS');
    await approveTask(approver, 'srmSampleTrial', sampleTrialId);
    documents.push(['srmSampleTrial', 'sampleTrialId', sampleTrialId]);
  });

  await test.step('5c. the supplier rewords a negotiable clause of the quality agreement and submits it; the buyer accepts', async () => {
    const SIGN = `${SRM}/srmAgreementSignRestful`;
    const template = await first(buyer, 'srmAgreementTemplate', { templateCode: 'QA_STD' });
    const made = await api(buyer, `${SIGN}/saveOrUpdate`, {
      introId,
      supplierId,
      categoryId: ids.category,
      orgId: ids.org,
      agreementTemplateId: template.agreementTemplateId,
    });
    const agreementNumber = String(made.agreementSignNum);
    const found = await api(buyer, `${SIGN}/findById`, { agreementSignId: made.agreementSignId });
    await api(buyer, `${SIGN}/doSend`, {
      agreementSignId: made.agreementSignId,
      versionNum: found.versionNum,
    });
    documents.push(['srmAgreementSign', 'agreementSignId', made.agreementSignId]);
    await openFromMenu(newcomer, '协议签署');
    const row = portal.locator('.ant-table-row', { hasText: agreementNumber });
    await slow(row).toBeVisible();
    await row.getByText(agreementNumber, { exact: true }).click();
    await slow(portal.getByTestId('document-number')).toHaveText(agreementNumber);
    // 4.2 质量索赔 is negotiable: the supplier caps the claim and says why.
    const claim = portal.locator('textarea[id$="clauses_4_clauseContent"]');
    await slow(claim).toBeVisible();
    await claim.fill(REWORDED);
    await portal.locator('input[id$="clauses_4_supplierNote"]').fill('间接损失无法承担');
    await formField(portal, '供应商说明').fill('质量索赔条款请按当批货款设上限');
    await portal.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(newcomer, '保存成功');
    await portal.getByRole('button', { name: '提交修改意见' }).click();
    await confirmDialog(newcomer);
    await slow(portal.getByText('供应商已修改').first()).toBeVisible();
    await linesCard(newcomer, '协议条款')
      .locator('.ant-table-row', { hasText: '质量索赔' })
      .scrollIntoViewIfNeeded();
    await keepScreenshot(newcomer, 'lifecycle-agreement-supplier-edited-zh');
    // The round says the supplier itself changed clause 4.2 (no buyer acting for it).
    const edited = await api<Row & { rounds: Row[] }>(newcomer, `${SIGN}/findById`, {
      agreementSignId: made.agreementSignId,
    });
    expect(edited.rounds.map((round) => [round.roundAction, round.changedClauses, round.assistFlag])).toEqual(
      [
        ['SENT', null, 'N'],
        ['SUPPLIER_EDITED', '4.2', 'N'],
      ],
    );

    await openFromMenu(buyer, '协议签署');
    const listed = pane.locator('.ant-table-row', { hasText: agreementNumber });
    await slow(listed).toBeVisible();
    await listed.getByText(agreementNumber, { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(agreementNumber);
    await slow(pane.getByText(REWORDED).first()).toBeVisible();
    await pane.getByRole('button', { name: '接受修改并签署' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已签署').first()).toBeVisible();
    const signed = await api<Row & { clauses: Row[] }>(buyer, `${SIGN}/findById`, {
      agreementSignId: made.agreementSignId,
    });
    expect(signed.clauses.find((clause) => clause.clauseNo === '4.2')!.agreedContent).toBe(REWORDED);
  });

  let poHeaderId = 0;
  let poNumber = '';
  await test.step('5d. the buyer completes the introduction: the library line is QUALIFIED, and an order of steel is raised', async () => {
    const introNumber = String(
      (await api(buyer, `${SRM}/srmSupplierIntroRestful/findById`, { introId })).introNum,
    );
    await openFromMenu(buyer, '供应商引入');
    const listed = pane.locator('.ant-table-row', { hasText: introNumber });
    await slow(listed).toBeVisible();
    await listed.getByText(introNumber, { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(introNumber);
    // Each required step passed by its document's approval.
    const steps = linesCard(buyer, '引入步骤').locator('.ant-table-row');
    for (const step of ['资质审查', '现场考察', '样品认证', '协议签署'])
      await slow(steps.filter({ hasText: step })).toContainText('通过');
    await pane.getByRole('button', { name: '完成引入' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已完成').first()).toBeVisible();
    await openFromMenu(buyer, '品类组织库');
    await pickIn(buyer, pane, '_supplierId', company, stamp);
    await pane.getByRole('button', { name: /查\s?询/ }).click();
    const line = pane.locator('.ant-table-row', { hasText: company });
    await slow(line).toHaveCount(1);
    await expect(line).toContainText('钢材');
    await expect(line).toContainText('苏州精密机械业务实体');
    await slow(line).toContainText('合格');
    await keepScreenshot(buyer, 'lifecycle-library-qualified-zh');
    const [stored] = await api<Row[]>(buyer, `${SRM}/srmSupplierCategoryOrgRestful/listByPage`, {
      supplierId,
    });
    expect([stored!.categoryId, stored!.orgId, stored!.status]).toEqual([ids.category, ids.org, 'QUALIFIED']);
    // Every save of an order asks the supply check: this one passes.
    const order = await api(buyer, `${PO}/saveOrUpdate`, {
      billTypeId: (await first(buyer, 'srmPurBillType', { billTypeCode: 'STD_PO' })).billTypeId,
      orgId: ids.org,
      supplierId,
      currencyId: (await first(buyer, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
      orderDate: today,
      buyerName: '张伟',
      lines: [
        {
          lineNum: 1,
          itemId: ids.item,
          quantity: 20,
          unitPriceExclTax: 4850,
          taxRate: 13,
          needByDate: shanghaiDay(serverNow + 20 * DAY),
        },
      ],
    });
    poHeaderId = order.poHeaderId as number;
    poNumber = String(order.poNumber);
    expect(order.status).toBe('DRAFT');
  });

  await test.step('supplier B, meanwhile, reaches none of it (the buyer does)', async () => {
    const check = hiddenFromB(buyer, supplierB);
    await check('srmSupplierRegisterRestful/listByPage', { companyName: company }, 403);
    await check('srmSupplierIntroRestful/findById', { introId }, 403);
    await check('srmSupplierIntroStepRestful/listByPage', { introId }, 403);
    await check('srmSupplierInfoRestful/findById', { supplierId }, 404);
    await check('srmSupplierCredentialRestful/findById', { supplierCredentialId: credentialId }, 404);
    for (const [entity, key, id] of documents) await check(`${entity}Restful/findById`, { [key]: id }, 404);
    await check('srmSupplierCredentialRestful/listByPage', { supplierId }, []);
    await check('srmSupplierChangeRestful/listByPage', { supplierId }, []);
  });

  // --- Two days on: the certificate's last day (tomorrow) is over in Shanghai. A session lasts 12
  // hours at most: buyers signed in one after another move the clock, each from a page of the app's
  // origin that sends nothing of its own (a request signed before a step and heard after the next
  // would be refused, and end that session). The other pages leave the workspace meanwhile: the
  // newcomer signs out, supplier B's page waits on about:blank and comes back after the clock does.
  await signOut(newcomer);
  await newcomer.goto('about:blank');
  await supplierB.goto('about:blank');
  await approver.context().close();
  await buyer.context().close();
  let mover: Page | null = null;
  for (let moved = 0; moved < MOVED; moved += LEG) {
    await mover?.context().close();
    mover = await quietBuyer(browser, baseURL);
    await moveClock(mover, Math.min(LEG, MOVED - moved));
  }
  const buyerLater = await open(browser, baseURL, 'buyer');
  const later = activePane(buyerLater);
  expect(shanghaiDay(await moveClock(buyerLater, 0))).toBe(shanghaiDay(serverNow + 2 * DAY));

  await test.step('6. two days on, submitting the order is refused, naming the certificate that expired', async () => {
    await openFromMenu(buyerLater, '采购订单');
    const row = later.locator('.ant-table-row', { hasText: poNumber });
    await slow(row).toBeVisible();
    await row.getByText(poNumber, { exact: true }).click();
    await slow(later.getByTestId('document-number')).toHaveText(poNumber);
    await later.getByRole('button', { name: /^提\s?交$/ }).click();
    await submitForApproval(buyerLater, '采购订单审批');
    const refusal = buyerLater.locator('.ant-message-error');
    // The certificate named with its last day (whether or not the daily expiry program has
    // suspended the library line meanwhile: its reason names the certificate the same way).
    await slow(refusal).toContainText(`ISO 9001 质量管理体系（${isoNumber}）已于 ${tomorrow} 到期`);
    await expect(refusal).toContainText(`供应商 ${company} `);
    await keepScreenshot(buyerLater, 'lifecycle-order-refused-certificate-expired-zh');
    expect((await api(buyerLater, `${PO}/findById`, { poHeaderId })).status).toBe('DRAFT');
  });

  let changeNumber = '';
  await test.step('7. the supplier asks for a change: the renewed certificate and a new bank account', async () => {
    await signInAs(newcomer, userName, PASSWORD);
    await expect(newcomer).toHaveURL(/\/main\/exHome$/);
    const form = await openChange(newcomer, company, stamp, 'ISO 9001 证书换证；新增招商银行收款账户');
    await form.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(newcomer, '保存成功');
    await slow(form.getByTestId('document-number')).toHaveText(/^SC\d{12}$/);
    // The master's lines were copied into the change: the certificate is renewed, an account added.
    const certificate = form.locator('input[id$="credentials_1_credentialNumber"]');
    await slow(certificate).toHaveValue(isoNumber);
    await certificate.fill(renewedNumber);
    await typeDate(form.locator('input[id$="credentials_1_expiryDate"]'), renewedUntil);
    await expect(form.locator('input[id$="accounts_0_bankAccountNumber"]')).toHaveValue(oldAccount);
    await linesCard(newcomer, '银行账户').getByRole('button', { name: '新增行' }).click();
    await form.locator('input[id$="accounts_1_bankName"]').fill('招商银行常州分行');
    await form.locator('input[id$="accounts_1_bankAccountName"]').fill(company);
    await form.locator('input[id$="accounts_1_bankAccountNumber"]').fill(newAccount);
    await form.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(newcomer, '保存成功');
    changeNumber = (await form.getByTestId('document-number').innerText()).trim();
    await form.getByRole('button', { name: '提交审批' }).click();
    await submitForApproval(newcomer, '供应商信息变更审批');
    await slow(form.getByText('审批中').first()).toBeVisible();
  });

  await test.step('7b. the buyer reads both in the field-level diff', async () => {
    await openFromMenu(buyerLater, '信息变更');
    const row = later.locator('.ant-table-row', { hasText: changeNumber });
    await slow(row).toBeVisible();
    await row.getByText(changeNumber, { exact: true }).click();
    await slow(later.getByTestId('document-number')).toHaveText(changeNumber);
    await later.getByRole('button', { name: '变更对比' }).click();
    const diff = buyerLater.getByTestId('change-diff');
    // Each row: the field, its value before, its value after.
    const cells = (field: string) => diff.locator('.ant-table-row', { hasText: field }).locator('td');
    await slow(cells('证书编号').nth(1)).toHaveText(isoNumber);
    await expect(cells('证书编号').nth(2)).toHaveText(renewedNumber);
    await expect(cells('有效期至').nth(1)).toHaveText(tomorrow);
    await expect(cells('有效期至').nth(2)).toHaveText(renewedUntil);
    // The new account, added, masked to a buyer (not finance).
    await expect(cells('银行账号').nth(2)).toHaveText(`************${newAccount.slice(-4)}`);
    await expect(cells('开户银行').nth(2)).toHaveText('招商银行常州分行');
    await expect(diff.getByText('新增', { exact: true })).toHaveCount(1);
    await expect(diff).not.toContainText(newAccount);
    await expect(diff).not.toContainText('供应商信息在此变更单打开后已被修改');
    await keepScreenshot(buyerLater, 'lifecycle-change-diff-zh');
    await buyerLater.locator('.ant-modal:visible .ant-modal-close').click();
  });

  const approverLater = await open(browser, baseURL, 'approver');
  await test.step('7c. the purchasing manager approves the change; the order then goes through', async () => {
    await approveFromHome(approverLater, changeNumber);
    const master = await api<Row & { credentials: Row[]; accounts: Row[] }>(
      buyerLater,
      `${SRM}/srmSupplierInfoRestful/findById`,
      { supplierId },
    );
    expect(master.credentials.map((row) => [row.credentialNumber, row.expiryDate])).toEqual([
      [creditCode, null],
      [renewedNumber, renewedUntil],
    ]);
    expect(master.accounts.map((row) => row.bankAccountNumber).sort()).toEqual(
      [oldAccount, newAccount].sort(),
    );
    const [change] = await api<Row[]>(buyerLater, `${SRM}/srmSupplierChangeRestful/listByPage`, {
      changeNum: changeNumber,
    });
    changeIds.push(change!.changeId);
    await buyerLater.getByRole('tab', { name: new RegExp(poNumber) }).click();
    await slow(later.getByTestId('document-number')).toHaveText(poNumber);
    await later.getByRole('button', { name: /^提\s?交$/ }).click();
    await submitForApproval(buyerLater, '采购订单审批');
    await slow(later.getByText('审批中').first()).toBeVisible();
    await approveTask(approverLater, 'srmPoHeader', poHeaderId);
    expect((await api(buyerLater, `${PO}/findById`, { poHeaderId })).status).toBe('APPROVED');
  });

  let blacklistNumber = '';
  let blacklistId: unknown = null;
  await test.step('8. the buyer blacklists the supplier for sourcing; an inquiry inviting it is refused', async () => {
    await openFromMenu(buyerLater, '供应商黑名单');
    await later.getByRole('button', { name: '新建' }).click();
    await slow(buyerLater.getByRole('tab', { name: '新建供应商黑名单', selected: true })).toBeVisible();
    await slow(formField(later, '原因（供应商可见）')).toBeVisible();
    await pickIn(buyerLater, later, '_supplierId', company, stamp);
    await later.getByRole('switch', { name: '永久' }).click();
    // Sourcing only: orders stay open to it.
    await later.getByRole('switch', { name: '禁止下单' }).click();
    await expect(later.getByRole('switch', { name: '禁止寻源' })).toBeChecked();
    await expect(later.getByRole('switch', { name: '禁止下单' })).not.toBeChecked();
    await formField(later, '原因（供应商可见）').fill('询价中串通报价');
    await formField(later, '内部原因').fill('与另一报价方同一联系人、同一 IP 提交报价');
    await later.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyerLater, '保存成功');
    await slow(later.getByTestId('document-number')).toHaveText(/^BL\d{12}$/);
    blacklistNumber = (await later.getByTestId('document-number').innerText()).trim();
    await later.getByRole('button', { name: '提交审批' }).click();
    await submitForApproval(buyerLater, '供应商黑名单审批');
    await slow(later.getByText('审批中').first()).toBeVisible();
    const [entry] = await api<Row[]>(buyerLater, `${SRM}/srmSupplierBlacklistRestful/listByPage`, {
      blacklistNum: blacklistNumber,
    });
    blacklistId = entry!.blacklistId;
    await approveTask(approverLater, 'srmSupplierBlacklist', blacklistId);
    const entered = await api(buyerLater, `${SRM}/srmSupplierBlacklistRestful/findById`, { blacklistId });
    expect([entered.status, entered.scopeSourcing, entered.scopeOrder]).toEqual(['APPROVED', 'Y', 'N']);
    expect(
      (await api(buyerLater, `${SRM}/srmSupplierInfoRestful/findById`, { supplierId })).blacklistFlag,
    ).toBe('Y');
    const inquiry = await pageApi(buyerLater, `${SRM}/srmInquiryRestful/saveOrUpdate`, {
      title: '冷轧钢板 SPCC 询价',
      orgId: ids.org,
      currencyId: (await first(buyerLater, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
      quoteDeadline: serverNow + MOVED + 3 * DAY,
      items: [{ lineNum: 1, itemId: ids.item, quantity: 50 }],
      suppliers: [{ supplierId }],
    });
    expect([inquiry.httpStatus, inquiry.body.msg]).toEqual([
      422,
      `供应商 ${company} 在黑名单中（${blacklistNumber}），不能进行此业务`,
    ]);
  });
  await approverLater.context().close();
  await buyerLater.context().close();
  await newcomer.goto('about:blank');

  // The clock goes back; supplier B's page returns to the workspace it never left.
  await moveClock(mover!, -MOVED);
  await supplierB.goto('/main/exHome');
  await expect(supplierB).toHaveURL(/\/main\/exHome$/);

  await test.step('9. supplier B saw none of it: its lists and the documents by id (the buyer sees them)', async () => {
    // The buyer who moved the clock back is still signed in: what B is refused, the buyer reaches.
    const check = hiddenFromB(mover!, supplierB);
    await check('srmSupplierChangeRestful/listByPage', { supplierId }, []);
    await check('srmSupplierBlacklistRestful/listByPage', { supplierId }, []);
    await check('srmSupplierCredentialRestful/listByPage', { supplierId }, []);
    await check('srmSupplierCategoryOrgRestful/listByPage', { supplierId }, []);
    await check('srmSupplierRegisterRestful/listByPage', { companyName: company }, 403);
    await check('srmSupplierIntroStepRestful/listByPage', { introId }, 403);
    for (const changeId of changeIds) {
      await check('srmSupplierChangeRestful/findById', { changeId }, 404);
      await check('srmSupplierChangeRestful/findDiff', { changeId }, 404);
    }
    await check('srmSupplierBlacklistRestful/findById', { blacklistId }, 404);
    await check('srmPoHeaderRestful/findById', { poHeaderId }, 404);
    await check('srmSupplierInfoRestful/findById', { supplierId }, 404);
    // Its own lists, as it reads them: nothing of the newcomer's.
    expect(await api(supplierB, `${SRM}/srmSupplierChangeRestful/listByPage`, {})).toEqual([]);
    expect(await api(supplierB, `${SRM}/srmSupplierBlacklistRestful/listByPage`, {})).toEqual([]);
    const paneB = activePane(supplierB);
    for (const menu of ['信息变更申请', '黑名单状态']) {
      await openFromMenu(supplierB, menu);
      // Loaded, and empty.
      await slow(paneB.getByText('共 0 条')).toBeVisible();
      await expect(paneB.locator('.ant-table-row')).toHaveCount(0);
    }
    await keepScreenshot(supplierB, 'lifecycle-supplier-b-blacklist-empty-zh');
  });
});
