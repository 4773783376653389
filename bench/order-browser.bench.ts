// A purchase order of 10,000 lines opened and scrolled in Chromium (issue 7), on the built
// server with the demo company, signed in as the buyer. The order is saved through the API
// (copying a demo order's supplier, organisation, currency, bill type and materials).
// Measured, from the page's own clock:
// - first render: from the moment the order's findById answer has arrived in the page to the
//   first frame painted with the lines grid's rows (target ≤ 1 s), with the renderer main
//   thread's CPU time in that window (less sensitive to the machine's load);
// - open: from the navigation to the edit screen to that frame (app start included, informative);
// - DOM rows: the most rows in the lines grid's body while it is scrolled to the last line.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ApiClient } from '@srm/platform/api-client';
import { launchChromium, scrollAndCountRows, signedInPage, traced } from './lib/browser';
import { type StartedServer, median, report, startServer } from './lib/server';

type Row = Record<string, unknown>;
const LINES = Number(process.env.BENCH_ORDER_LINES ?? 10000);
const RUNS = Number(process.env.BENCH_ORDER_RUNS ?? 3);
const PO = '/api/srm/v1/srmPoHeaderRestful';
const EDIT = 'purOrderManage/purchaseOrderEdit';

/** Marks, in the page's clock, the first frame painted with rows in the order's lines grid. */
const WATCH_LINES = `(() => {
  globalThis.__linesPainted = null;
  const look = () => {
    if (document.querySelector('[data-grid="lines:srmPoLine"] .ant-table-row')) {
      // Rows present in this frame's callback are painted with it; a message posted now is
      // delivered after that paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (globalThis.__linesPainted = performance.now());
      channel.port2.postMessage(null);
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function createOrder(url: string): Promise<number> {
  const client = new ApiClient(url);
  const login = await client.login('buyer', 'Srm@2026');
  if (login.body.status !== 'S') throw new Error(login.body.msg);
  const post = async (path: string, body: unknown): Promise<Row> => {
    const answer = await client.call<Row>(path, body);
    if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.body.msg}`);
    return answer.body.data;
  };
  const orders = (await client.call<Row[]>(`${PO}/listByPage`, { pageIndex: 1, pageRows: 20 })).body.data;
  let model: Row | undefined;
  for (const row of orders) {
    const order = await post(`${PO}/findById`, { poHeaderId: row.poHeaderId });
    if ((order.lines as Row[] | undefined)?.length) {
      model = order;
      break;
    }
  }
  if (!model) throw new Error('no demo order with lines to copy');
  const items = [...new Set((model.lines as Row[]).map((line) => line.itemId as number))];
  const started = performance.now();
  const saved = await post(`${PO}/saveOrUpdate`, {
    billTypeId: model.billTypeId,
    orgId: model.orgId,
    supplierId: model.supplierId,
    currencyId: model.currencyId,
    orderDate: model.orderDate,
    buyerName: model.buyerName,
    lines: Array.from({ length: LINES }, (_, i) => ({
      lineNum: i + 1,
      itemId: items[i % items.length],
      quantity: (i % 50) + 1,
      unitPriceExclTax: ((i % 997) + 1) / 100,
      taxRate: 13,
      needByDate: '2026-12-20',
      remark: `bench line ${i + 1}`,
    })),
  });
  report(
    `order-browser.save.${LINES}lines (setup)`,
    `${Math.round(performance.now() - started)} ms`,
    'informative',
  );
  return saved.poHeaderId as number;
}

const work = await mkdtemp(join(tmpdir(), 'srm-bench-order-browser-'));
let server: StartedServer | undefined;
let browser: Browser | undefined;
try {
  // BENCH_URL: a server already running (while developing); else the built server on a fresh
  // data directory.
  const url =
    process.env.BENCH_URL ??
    (server = await startServer({
      env: { SRM_DATA_DIR: join(work, 'data'), DATABASE_URL: '', SRM_SCRYPT_COST: '10' },
      timeoutMs: 600_000,
    })).url;
  const id = await createOrder(url);
  browser = await launchChromium();
  const page = await signedInPage(browser, url, 'buyer');
  await page.context().addInitScript({ content: WATCH_LINES });
  const firstRender: number[] = [];
  const open: number[] = [];
  const cpu: number[] = [];
  let scrolled = { maxRows: 0, lastText: '', steps: 0 };
  for (let run = 0; run < RUNS; run++) {
    const { result: timing, cpuBetween } = await traced(browser, page, async () => {
      await page.goto(`/main/${EDIT}?poHeaderId=${id}`);
      await page.waitForFunction(() => (globalThis as { __linesPainted?: number }).__linesPainted, null, {
        timeout: 300_000,
        polling: 100,
      });
      return page.evaluate(() => {
        const found = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/srmPoHeaderRestful/findById'))
          .at(-1) as PerformanceResourceTiming | undefined;
        return {
          painted: (globalThis as { __linesPainted?: number }).__linesPainted!,
          answered: found?.responseEnd ?? Number.NaN,
        };
      });
    });
    firstRender.push(Math.round(timing.painted - timing.answered));
    cpu.push(cpuBetween(timing.answered, timing.painted));
    open.push(Math.round(timing.painted));
    if (run === 0) scrolled = await scrollAndCountRows(page.locator('[data-grid="lines:srmPoLine"]'));
  }
  const load = loadavg()[0]!.toFixed(1);
  report(
    `order-browser.${LINES}lines.first-render (findById answered → lines painted, median of ${RUNS}, load ${load})`,
    `${median(firstRender)} ms`,
    '≤ 1000 ms',
  );
  report(
    `order-browser.${LINES}lines.first-render-cpu (renderer main thread, median of ${RUNS})`,
    `${median(cpu)} ms`,
    'informative',
  );
  report(
    `order-browser.${LINES}lines.open (navigation → lines painted, app start included, median of ${RUNS})`,
    `${median(open)} ms`,
    'informative',
  );
  report(
    `order-browser.${LINES}lines.dom-rows-while-scrolling (${scrolled.steps} steps, reached line ${LINES}: ${scrolled.lastText.includes(`bench line ${LINES}`) || scrolled.lastText.includes(String(LINES))})`,
    String(scrolled.maxRows),
    '≤ 150',
  );
} finally {
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
