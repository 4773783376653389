// The login page and the first screens after it in Chromium with a cold cache (issue 15), on the
// built server with the demo company. Each run is a new browser context (an empty cache) that
// opens the login page, signs in as the buyer, waits for the home and opens 采购订单 from the
// menu. Measured, from Chromium's network events (CDP: Network.loadingFinished's encodedDataLength,
// the bytes on the wire with the response headers) for responses of a JavaScript type:
// - JS transferred for the login page: until the login form is shown and the network is idle;
// - JS transferred from the login page through the home to the first list drawn (cumulative);
// - login to a drawn home: from the click on 登录 to the first frame painted with the home's
//   content (the greeting with the user, so after /auth/current answered), in the page's clock.
// Also informative: the number of scripts, their size once decoded, and the list's own share.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium } from './lib/browser';
import { type StartedServer, median, report, startServer } from './lib/server';

const RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 3);
const USER = 'buyer';
const LIST_MENU = '采购订单';
const HOME = '[data-testid="in-home"]';
const LIST_ROWS = '[role="tabpanel"]:not([hidden]) .ant-table-row';

/** Marks, in the page's clock, the click on the login button and the first frame with the home. */
const WATCH_HOME = `(() => {
  globalThis.__clicked = null;
  globalThis.__homePainted = null;
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('form button[type="submit"]'))
      globalThis.__clicked ??= performance.now();
  }, true);
  const look = () => {
    if (globalThis.__clicked !== null && document.querySelector(${JSON.stringify(HOME)})) {
      // Content present in this frame's callback is painted with it; a message posted now is
      // delivered after that paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (globalThis.__homePainted = performance.now());
      channel.port2.postMessage(null);
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

interface Script {
  url: string;
  encoding: string;
  wire: number;
  decoded: number;
  finished: boolean;
}

/** Scripts the page receives, with their bytes on the wire and decoded, from CDP's events. */
async function watchScripts(page: Page): Promise<Map<string, Script>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const scripts = new Map<string, Script>();
  cdp.on('Network.responseReceived', (event) => {
    const { response } = event;
    if (!/javascript/.test(response.mimeType) && !/\.m?js(\?|$)/.test(response.url)) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    scripts.set(event.requestId, {
      url: response.url,
      encoding: headers['content-encoding'] ?? 'identity',
      wire: 0,
      decoded: 0,
      finished: false,
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (!script) return;
    script.wire = event.encodedDataLength;
    script.finished = true;
  });
  await cdp.send('Network.enable');
  return scripts;
}

function totals(scripts: Map<string, Script>) {
  let wire = 0;
  let decoded = 0;
  const encodings = new Set<string>();
  for (const script of scripts.values()) {
    wire += script.wire;
    decoded += script.decoded;
    encodings.add(script.encoding);
  }
  return { count: scripts.size, wire, decoded, encodings: [...encodings].sort().join('+') };
}

interface Run {
  login: ReturnType<typeof totals>;
  home: ReturnType<typeof totals>;
  list: ReturnType<typeof totals>;
  loginToHomeMs: number;
}

async function oneRun(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({
    baseURL: url,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  try {
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript({ content: WATCH_HOME });
    const page = await context.newPage();
    const scripts = await watchScripts(page);

    await page.goto('/');
    await page.locator('input[autocomplete="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    const login = totals(scripts);

    await page.locator('input[autocomplete="username"]').fill(USER);
    await page.locator('input[autocomplete="current-password"]').fill('Srm@2026');
    await page.locator('form button[type="submit"]').click();
    await page.waitForFunction(() => (globalThis as { __homePainted?: number }).__homePainted, null, {
      timeout: 60_000,
      polling: 50,
    });
    const loginToHomeMs = await page.evaluate(() => {
      const marks = globalThis as unknown as { __clicked: number; __homePainted: number };
      return Math.round(marks.__homePainted - marks.__clicked);
    });
    await page.waitForLoadState('networkidle');
    const home = totals(scripts);

    const menu = page.locator('.ant-layout-sider').getByRole('menuitem', { name: LIST_MENU, exact: true });
    await menu.click();
    await page.locator(LIST_ROWS).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const list = totals(scripts);
    return { login, home, list, loginToHomeMs };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;

const work = await mkdtemp(join(tmpdir(), 'srm-bench-login-'));
let server: StartedServer | undefined;
let browser: Browser | undefined;
try {
  // BENCH_URL: a server already running (to compare builds); else the built server on a fresh
  // data directory.
  const url =
    process.env.BENCH_URL ??
    (server = await startServer({
      env: { SRM_DATA_DIR: join(work, 'data'), DATABASE_URL: '' },
      timeoutMs: 600_000,
    })).url;
  browser = await launchChromium();
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await oneRun(browser, url));
  const load = loadavg()[0]!.toFixed(1);
  const med = (pick: (run: Run) => number) => median(runs.map(pick));
  const first = runs[0]!;
  report(
    `login.page-js (transferred, cold cache, ${first.login.count} scripts, ${first.login.encodings}, median of ${RUNS})`,
    `${kb(med((run) => run.login.wire))} (decoded ${kb(med((run) => run.login.decoded))})`,
    '≤ 250 KB',
  );
  report(
    `login.first-list-js (login page + home + ${LIST_MENU} list drawn, transferred, cold cache, ${first.list.count} scripts)`,
    `${kb(med((run) => run.list.wire))} (decoded ${kb(med((run) => run.list.decoded))})`,
    '≤ 600 KB',
  );
  report(
    'login.home-and-list-js (transferred after the login page: home, then the list)',
    `${kb(med((run) => run.home.wire - run.login.wire))}, then ${kb(med((run) => run.list.wire - run.home.wire))}`,
    'informative',
  );
  report(
    `login.to-home (click on 登录 → home painted, median of ${RUNS}, load ${load})`,
    `${med((run) => run.loginToHomeMs)} ms (runs: ${runs.map((run) => run.loginToHomeMs).join(', ')})`,
    '≤ 1000 ms on the idle machine',
  );
} finally {
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
