// Shared E2E helpers: signing in through the login page, signed API calls from the page with the
// session the app stored, moving the server's clock, console-error capture, CJK rendering check,
// screenshots as artifacts, the mail the server sent.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Locator, type Page, test as base, expect } from '@playwright/test';
import { partsOf } from '@srm/platform/smtp-testing';

/**
 * Playwright's test with one addition: what a journey opened itself (a second user's browser
 * context, a page of the browser) is closed when it ends. Left open, every earlier journey's pages
 * kept polling and redrawing beside the later ones: the 40 journeys took 60 min on 2 cores, a
 * journey 2 min alone took 6.4 min late in the run.
 */
export const test = base.extend<{ closeOpened: void }>({
  closeOpened: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export const DEMO_PASSWORD = 'Srm@2026';

/** Signs in through the login page and waits for the workspace. */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(userName);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/main\/(inHome|exHome)$/);
}

/** Agrees to the confirmation dialog an action asks (确定 / OK). */
export async function confirmDialog(page: Page): Promise<void> {
  const ok = page.locator('.ant-modal:visible .ant-btn-primary').last();
  await ok.click();
  // A click in the dialog's opening animation can be lost on a busy machine (the full run once
  // left 有未保存的修改… open): press again while it stays. A button busy with the action ignores it.
  for (let tries = 0; tries < 3; tries++) {
    const closed = await ok.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
    await ok.click({ timeout: 5_000 }).catch(() => undefined);
  }
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /用户菜单|User menu/ }).click();
  await page.getByRole('menuitem', { name: /退出登录|Sign out/ }).click();
  await expect(page).toHaveURL(/\/$/);
}

export interface Answer<T> {
  httpStatus: number;
  body: { status: 'S' | 'E'; msg: string; data: T };
}

/**
 * A request sent from the page, signed with the session the app keeps in localStorage exactly
 * as docs/api.md says (WebCrypto in the page): what any script of the signed-in page could do.
 */
export async function pageApi<T = unknown>(
  page: Page,
  path: string,
  payload: unknown = {},
): Promise<Answer<T>> {
  return page.evaluate(
    async ({ path, payload }) => {
      const session = JSON.parse(localStorage.getItem('srm.session') ?? 'null') as {
        authorizationCode: string;
        signKey: string;
      } | null;
      if (!session) throw new Error('not signed in');
      const encoder = new TextEncoder();
      const hex = (buffer: ArrayBuffer) =>
        [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      const sha256hex = async (text: string) =>
        hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
      const body = JSON.stringify(payload);
      const timestamp = String(Date.now());
      const key = await crypto.subtle.importKey(
        'raw',
        encoder.encode(session.signKey),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const signature = await crypto.subtle.sign(
        'HMAC',
        key,
        encoder.encode(`POST\n${path}\n${timestamp}\n${body}`),
      );
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          AuthorizationCode: session.authorizationCode,
          appId: 'srm-web',
          timestamp,
          appsign: await sha256hex(await sha256hex(`srm-web:${timestamp}`)),
          parameterSignature: btoa(String.fromCharCode(...new Uint8Array(signature))),
        },
        body,
      });
      return { httpStatus: response.status, body: await response.json() };
    },
    { path, payload },
  ) as Promise<Answer<T>>;
}

export const artifactDir = new URL('../artifacts/', import.meta.url).pathname;

/** Collects console errors and page errors for the whole test. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * True when the browser draws the Chinese character with a real glyph: a missing font draws
 * the same "tofu" box for every unknown character, so '采' and '购' would come out identical.
 */
export async function rendersChinese(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const draw = (text: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 40;
      const context = canvas.getContext('2d')!;
      context.font = '32px sans-serif';
      context.fillText(text, 2, 32);
      return Array.from(context.getImageData(0, 0, 40, 40).data).join(',');
    };
    const a = draw('采');
    const b = draw('购');
    const blank = draw(' ');
    return a !== b && a !== blank && b !== blank;
  });
}

export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifactDir}${name}.png`, fullPage: true });
}

/** The content of the visible workspace tab. */
export function activePane(page: Page) {
  return page.locator('main > [role="tabpanel"][data-route]:visible');
}

/** Opens a screen from the left menu (its group is expanded by default) and waits for its tab. */
export async function openFromMenu(page: Page, title: string): Promise<void> {
  await page.locator('.ant-layout-sider').getByRole('menuitem', { name: title, exact: true }).click();
  await expect(page.getByRole('tab', { name: title, exact: true, selected: true })).toBeVisible();
}

/** The input of the form item labelled `label` in `scope` (query forms and edit forms). */
export function formField(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator(`label[title="${label}"]`) })
    .locator('input, textarea')
    .first();
}

/** The lines card titled `title` on the active screen (审批节点, 参数, 程序…). */
export function linesCard(page: Page, title: string): Locator {
  return activePane(page)
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
}

/** The mail the worker's server sent, as its SMTP server (e2e/start-server.mjs) received it. */
export interface SentMail {
  readonly to: readonly string[];
  /** The decoded text of every part. */
  readonly text: string;
}

/** Every mail the worker's server sent so far, oldest first. */
export function sentMails(): SentMail[] {
  // The worker's server is on the port playwright.config.ts gives it; its SMTP server on + 1000.
  const port = Number(process.env.E2E_PORT ?? 18180) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const file = join(tmpdir(), `srm-e2e-mail-${port}`, 'mails.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { to, raw } = JSON.parse(line) as { to: string[]; raw: string };
      return {
        to,
        text: partsOf(raw)
          .map((part) => part.text)
          .join('\n'),
      };
    });
}

/**
 * Records a company in the business register beside the worker's server (start-server.mjs, on its
 * port + 2000), as the register knows a real company: 查询工商信息 then finds it.
 */
export async function registerCompany(
  company: Record<string, unknown> & { creditCode: string },
): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 18180) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const answer = await fetch(`http://127.0.0.1:${port + 2000}/v1/companies/${company.creditCode}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer e2e-business-register', 'content-type': 'application/json' },
    body: JSON.stringify(company),
  });
  expect(answer.status).toBe(200);
}

/**
 * What `pattern` finds in the first mail to `to` after the first `after` mails (sentMails().length
 * before the action that sends it), waiting for it to arrive.
 */
export async function mailTo(to: string, pattern: RegExp, after: number): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect(async () => {
    found = null;
    for (const mail of sentMails().slice(after)) {
      if (!mail.to.includes(to)) continue;
      found = pattern.exec(mail.text);
      if (found) break;
    }
    expect(found, `a mail to ${to} matching ${String(pattern)}`).not.toBeNull();
  }).toPass({ timeout: 30_000 });
  return found!;
}

/** Types into an input key by key, as a person does, over what it held. */
export async function typeInto(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text, { delay: 20 });
}

/** Picks an option of the antd select labelled `label` in `scope`. */
export async function pickOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await formField(scope, label).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Types `search` into the remote select whose input id ends with `idSuffix` and picks `option`. */
export async function pickRemote(page: Page, idSuffix: string, search: string, option: string) {
  const input = activePane(page).locator(`input[id$="${idSuffix}"]`);
  await input.click();
  await input.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Waits until no toast is showing (for screenshots without stale toasts). */
export async function toastsGone(page: Page): Promise<void> {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * Waits for the toast with this text, at most 45 s. An error toast shown meanwhile ends the wait
 * with its text, so a refused action fails here with the reason instead of at the test's timeout.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const wanted = page.locator('.ant-message-notice', { hasText: text }).first();
  const refused = page.locator('.ant-message-notice .ant-message-error').first();
  await expect(wanted.or(refused)).toBeVisible({ timeout: 45_000 });
  if (!(await wanted.isVisible()) && (await refused.isVisible()))
    throw new Error(`waited for the toast “${text}”, got the error “${await refused.innerText()}”`);
}

/** Makes sure a lookup type holds an enabled value (the demo data may already have it). */
export async function ensureLookupValue(
  page: Page,
  lookupType: string,
  value: { lookupCode: string; meaning: string; meaningEn: string },
): Promise<void> {
  const base = '/api/base/v1/baseLookupTypeRestful';
  const post = async <T>(action: string, body: unknown) => {
    const answer = await pageApi<T>(page, `${base}/${action}`, body);
    if (answer.body.status !== 'S') throw new Error(`${action}: ${answer.body.msg}`);
    return answer.body.data;
  };
  const found = (
    await post<{ lookupTypeId: number; lookupType: string }[]>('listByPage', { lookupType })
  ).find((row) => row.lookupType === lookupType);
  if (!found) {
    await post('saveOrUpdate', { lookupType, meaning: lookupType, values: [value] });
    return;
  }
  const type = await post<{ versionNum: number; values: { lookupValuesId: number; lookupCode: string }[] }>(
    'findById',
    { lookupTypeId: found.lookupTypeId },
  );
  if (type.values.some((row) => row.lookupCode === value.lookupCode)) return;
  await post('saveOrUpdate', {
    lookupTypeId: found.lookupTypeId,
    versionNum: type.versionNum,
    values: [...type.values.map((row) => ({ lookupValuesId: row.lookupValuesId })), value],
  });
}

/** Closes the workspace tab with this title with its × button. */
export async function closeTab(page: Page, title: string | RegExp): Promise<void> {
  await page
    .locator('.ant-tabs-tab', { has: page.getByRole('tab', { name: title, exact: true }) })
    .locator('.ant-tabs-tab-remove')
    .click();
}

export type Row = Record<string, unknown>;

/**
 * Signs `user` in through the login page in a browser context of its own (zh-CN, 1440 × 900) and,
 * unless `workspace` is false, waits for the home screen, which loads its figures first: the
 * waits are long for a busy machine.
 */
export async function open(
  browser: Browser,
  baseURL: string | undefined,
  user: string,
  workspace = true,
): Promise<Page> {
  await putBackLeftClock(browser, baseURL);
  return openSignedIn(browser, baseURL, user, workspace);
}

async function openSignedIn(
  browser: Browser,
  baseURL: string | undefined,
  user: string,
  workspace: boolean,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  // A journey that moved the server's clock signs in at the server's time (see moveClock).
  const moved = clockMoved.get(browser);
  if (moved) await context.addInitScript(shiftDate, moved);
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(user);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForFunction(() => localStorage.getItem('srm.session') !== null, null, {
    timeout: 45_000,
  });
  if (workspace) await expect(page).toHaveURL(/\/main\/(inHome|exHome)$/, { timeout: 45_000 });
  return page;
}

/** How far one session may move the clock: it ends 12 hours after signing in. */
const CLOCK_LEG = 10 * 3600_000;

/**
 * A worker process started after a failed test finds the server clock that test left moved
 * (the worker's own record of it went with the failed process): every sign-in would be refused.
 * Puts it back, a leg of at most 10 hours per session, signing in at the server's time.
 */
async function putBackLeftClock(browser: Browser, baseURL: string | undefined): Promise<void> {
  let offset = await serverClockOffset(baseURL);
  if (Math.abs(offset - (clockMoved.get(browser) ?? 0)) <= 60_000) return;
  while (Math.abs(offset) > 60_000) {
    clockMoved.set(browser, offset);
    const page = await openSignedIn(browser, baseURL, 'buyer', false);
    try {
      await moveClock(page, -Math.sign(offset) * Math.min(Math.abs(offset), CLOCK_LEG));
    } finally {
      await page.context().close();
    }
    offset = await serverClockOffset(baseURL);
  }
  clockMoved.set(browser, 0);
}

/** How far the server's clock is from this machine's (POST /api/test/v1/clock/now, unsigned). */
async function serverClockOffset(baseURL: string | undefined): Promise<number> {
  const response = await fetch(new URL('/api/test/v1/clock/now', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const answer = (await response.json()) as { data?: { serverNow?: number } };
  const serverNow = answer.data?.serverNow;
  if (typeof serverNow !== 'number') throw new Error(`the server's clock: ${JSON.stringify(answer)}`);
  return serverNow - Date.now();
}

/** A signed API call from the page that must succeed: answers `data`, throws on `E`. */
export async function api<T = Row>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await pageApi<T>(page, path, body);
  if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.body.msg}`);
  return answer.body.data;
}

/** How far moveClock has moved each worker's server clock (a worker has one browser and one server). */
const clockMoved = new WeakMap<Browser, number>();

/** Less than the 5 minutes the server allows between a request's signed time and its own. */
const CLOCK_STEP = 4 * 60_000;

/**
 * Shifts `Date` in the page by `shift` ms; the page's timers run on untouched. (Playwright's
 * clock fakes the timers as well, and installed in a loaded app it left dialogs half-closed.)
 */
function shiftDate(shift: number): void {
  if (Reflect.get(globalThis, '__srmDateShift') === undefined) {
    const Native = Date;
    const now = () => Native.now() + Number(Reflect.get(globalThis, '__srmDateShift'));
    function Shifted(...args: unknown[]) {
      return new.target
        ? Reflect.construct(Native, args.length ? args : [now()], new.target)
        : new Native(now()).toString();
    }
    Shifted.prototype = Native.prototype;
    Reflect.set(globalThis, 'Date', Object.assign(Shifted, { now, parse: Native.parse, UTC: Native.UTC }));
  }
  Reflect.set(globalThis, '__srmDateShift', shift);
}

/**
 * Moves the E2E server's clock by `ms` (POST /api/test/v1/clock, there because start-server.mjs
 * sets SRM_TEST_CLOCK=1), signed with the page's session; answers the server's time after the
 * move (0 only reads it). The browser's `Date` moves with it, in the pages open now and in those
 * loaded or opened later: the server refuses a request signed more than 5 minutes off its clock
 * (and the web app then signs out), so the clocks move in steps of 4 minutes, the browser
 * following each, and a request sent between the two is still accepted. The worker's later specs
 * share the server: a spec that moves the clock puts it back (`moveClock(page, -moved)`, and
 * `resetClock` after each test).
 */
export async function moveClock(page: Page, ms: number): Promise<number> {
  const browser = page.context().browser();
  let left = ms;
  let serverNow: number;
  do {
    const step = Math.max(-CLOCK_STEP, Math.min(CLOCK_STEP, left));
    serverNow = (await api<{ serverNow: number }>(page, '/api/test/v1/clock', { travelMs: step })).serverNow;
    left -= step;
    if (!step || !browser) continue;
    const moved = (clockMoved.get(browser) ?? 0) + step;
    clockMoved.set(browser, moved);
    for (const context of browser.contexts())
      for (const shown of context.pages()) await shown.evaluate(shiftDate, moved);
  } while (left);
  const moved = browser ? (clockMoved.get(browser) ?? 0) : 0;
  if (ms && browser) for (const context of browser.contexts()) await context.addInitScript(shiftDate, moved);
  return serverNow;
}

/** Puts back a server clock a failed test left moved (for `test.afterEach`): signs in as `buyer`. */
export async function resetClock(browser: Browser, baseURL: string | undefined): Promise<void> {
  const moved = clockMoved.get(browser);
  if (!moved) return;
  const page = await open(browser, baseURL, 'buyer', false);
  try {
    await moveClock(page, -moved);
  } finally {
    await page.context().close();
  }
}

/** The first row of an `srm` entity's list matching `filters` (throws when there is none). */
export async function first(page: Page, entity: string, filters: Row): Promise<Row> {
  const rows = await api<Row[]>(page, `/api/srm/v1/${entity}Restful/listByPage`, {
    ...filters,
    pageRows: 50,
  });
  if (!rows[0]) throw new Error(`no ${entity} ${JSON.stringify(filters)}`);
  return rows[0];
}

const ORDERS = '/api/srm/v1/srmPoHeaderRestful';

/**
 * A two-line order to 苏州恒达精密五金有限公司 (sup_a's company) for materials it is qualified
 * and listed for, saved and submitted for approval by `buyer`; `quantities` of the two lines.
 */
export async function submittedHengdaOrder(buyer: Page, quantities: [number, number]): Promise<Row> {
  const hengda = await first(buyer, 'srmSupplierInfo', { supplierName: '苏州恒达精密五金有限公司' });
  const line = async (lineNum: number, itemCode: string, unitPriceExclTax: number, needByDate: string) => ({
    lineNum,
    itemId: (await first(buyer, 'srmBaseItem', { itemCode })).itemId,
    quantity: quantities[lineNum - 1],
    unitPriceExclTax,
    taxRate: 13,
    needByDate,
  });
  const order = await api(buyer, `${ORDERS}/saveOrUpdate`, {
    billTypeId: (await first(buyer, 'srmPurBillType', { billTypeCode: 'STD_PO' })).billTypeId,
    orgId: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
    supplierId: hengda.supplierId,
    currencyId: (await first(buyer, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
    orderDate: '2026-11-21',
    buyerName: '张伟',
    lines: [await line(1, '02010001', 6.2, '2026-12-15'), await line(2, '02030002', 0.45, '2026-12-18')],
  });
  await api(buyer, `${ORDERS}/doSubmit`, { poHeaderId: order.poHeaderId });
  return order;
}

/** The purchasing manager (`approver`) approves a document's task in the approval engine. */
export async function approveDocument(
  browser: Browser,
  baseURL: string | undefined,
  entityName: string,
  documentId: unknown,
) {
  const approver = await open(browser, baseURL, 'approver', false);
  const tasks = await api<Row[]>(approver, '/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 100,
    entityName,
  });
  const task = tasks.find((row) => row.documentId === documentId);
  if (!task) throw new Error(`no approval task for ${entityName} ${String(documentId)}`);
  await api(approver, '/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task.taskId, comment: '同意' });
  await approver.context().close();
}

/** The purchasing manager (`approver`) approves the order's task in the approval engine. */
export function approveOrder(browser: Browser, baseURL: string | undefined, poHeaderId: unknown) {
  return approveDocument(browser, baseURL, 'srmPoHeader', poHeaderId);
}

/** A small valid one-page PDF with a line of text (byte offsets of the xref computed). */
export function pdfFile(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
