// Benchmark helpers for the browser: Debian's Chromium driven by playwright-core with the flags
// of the E2E configuration, signed in through the login page like the E2E tests.
import { type Browser, type Locator, type Page, chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A new page at 1440×900 in zh-CN, signed in as `userName` through the login page. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  userName: string,
  password = 'Srm@2026',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  // tsx compiles the functions evaluated in the page with esbuild's name helper: define it there.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(userName);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/main\/(inHome|exHome)$/, { timeout: 60_000 });
  return page;
}

/**
 * Scrolls the grid's body from top to bottom a viewport at a time (bigger steps beyond
 * `maxSteps`) and answers the most rows (`.ant-table-row`: `tr` in a plain table, `div` rows in
 * a virtual one) the grid's body held at any step, the text of the last row at the bottom and
 * the number of steps.
 */
export async function scrollAndCountRows(
  grid: Locator,
  { settleMs = 30, maxSteps = 2000 }: { settleMs?: number; maxSteps?: number } = {},
): Promise<{ maxRows: number; lastText: string; steps: number }> {
  return grid.evaluate(
    async (root, [settle, most]) => {
      const holder =
        root.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder') ??
        root.querySelector<HTMLElement>('.ant-table-body') ??
        root.querySelector<HTMLElement>('.ant-table-content');
      if (!holder) throw new Error('no scrolling grid body');
      const rows = () =>
        root.querySelectorAll('.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row');
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      let maxRows = rows().length;
      let steps = 0;
      let last = -1;
      // A viewport at a time, or bigger steps so that a long grid takes at most `most` steps.
      const step = Math.max(100, holder.clientHeight, Math.ceil(holder.scrollHeight / most));
      for (;;) {
        const before = holder.scrollTop;
        holder.scrollTop = before + step;
        holder.dispatchEvent(new Event('scroll'));
        // rc-virtual-list also moves on wheel events; a plain scrollTop change is enough for it.
        await frame();
        await wait(settle);
        maxRows = Math.max(maxRows, rows().length);
        steps += 1;
        if (holder.scrollTop === before || holder.scrollTop === last) break;
        last = holder.scrollTop;
      }
      const all = rows();
      const lastText = all[all.length - 1]?.textContent ?? '';
      return { maxRows, lastText, steps };
    },
    [settleMs, maxSteps] as const,
  );
}
