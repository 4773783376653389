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

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Runs `during` under a Chromium trace of the page and answers its result with `cpuBetween(from,
 * to)`: the CPU time (ms) of the page's main thread between two moments of the page's clock
 * (performance.now), from the thread time of its tasks. Unlike wall time it hardly depends on
 * what else loads the machine.
 */
export async function traced<T>(
  browser: Browser,
  page: Page,
  during: () => Promise<T>,
): Promise<{ result: T; cpuBetween(from: number, to: number): number }> {
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'blink.user_timing',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
    ],
  });
  let result: T | undefined;
  let failure: unknown;
  try {
    result = await during();
  } catch (error) {
    failure = error;
  }
  const mark = await page.evaluate(() => performance.mark('bench-clock').startTime).catch(() => 0);
  const buffer = await browser.stopTracing();
  if (failure !== undefined) throw failure;
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const clock = events.find((event) => event.name === 'bench-clock');
  if (!clock) throw new Error('no clock mark in the trace');
  const offset = clock.ts - mark * 1000;
  const main = new Set(
    events
      .filter(
        (event) =>
          event.name === 'thread_name' && event.pid === clock.pid && event.args?.name === 'CrRendererMain',
      )
      .map((event) => event.tid),
  );
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === clock.pid &&
      main.has(event.tid) &&
      event.dur,
  );
  return {
    result: result as T,
    cpuBetween(from, to) {
      const start = offset + from * 1000;
      const end = offset + to * 1000;
      let cpu = 0;
      for (const task of tasks) {
        const overlap = Math.min(end, task.ts + task.dur!) - Math.max(start, task.ts);
        if (overlap > 0) cpu += ((task.tdur ?? task.dur!) * overlap) / task.dur!;
      }
      return Math.round(cpu / 1000);
    },
  };
}
