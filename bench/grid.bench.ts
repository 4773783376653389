// The toolkit's grid in Chromium (issue 5): the grid gallery's wide grid (toolkit/grid?bench=1,
// 30 columns, local rows) with 10,000 and 100,000 rows, signed in as admin on the built server.
// Measured: first render — from the moment the rows exist in the page (generated in memory,
// like rows just received) to the first frame painted with the grid's rows (the page reports it
// as data-render-ms), with the renderer main thread's CPU time in that window (less sensitive
// to the machine's load); and DOM rows — the most `.ant-table-row` elements in the grid's body
// while its body is scrolled from top to bottom a viewport at a time.
// Targets: first render ≤ 300 ms (10,000) and ≤ 1 s (100,000); DOM rows ≤ 150.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, scrollAndCountRows, signedInPage, traced } from './lib/browser';
import type { Browser } from 'playwright-core';
import { type StartedServer, median, report, startServer } from './lib/server';

const SIZES = (process.env.BENCH_GRID_ROWS ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 3);

const work = await mkdtemp(join(tmpdir(), 'srm-bench-grid-'));
let server: StartedServer | undefined;
let browser: Browser | undefined;
try {
  // A first start seeds the demo data: minutes on a busy machine.
  server = await startServer({
    env: { SRM_DATA_DIR: join(work, 'data'), DATABASE_URL: '', SRM_SCRYPT_COST: '10' },
    timeoutMs: 600_000,
  });
  browser = await launchChromium();
  const page = await signedInPage(browser, server.url, 'admin');
  for (const rows of SIZES) {
    const renders: number[] = [];
    const fromNavigation: number[] = [];
    const cpu: number[] = [];
    let scrolled = { maxRows: 0, lastText: '', steps: 0 };
    for (let run = 0; run < RUNS; run++) {
      const grid = page.getByTestId('wide-grid');
      const { result: measured, cpuBetween } = await traced(browser, page, async () => {
        await page.goto(`/main/toolkit/grid?bench=1&rows=${rows}&cols=30`);
        await grid.and(page.locator('[data-render-ms]')).waitFor({ timeout: 120_000 });
        return {
          render: Number(await grid.getAttribute('data-render-ms')),
          paintedAt: Number(await grid.getAttribute('data-painted-at')),
        };
      });
      renders.push(measured.render);
      fromNavigation.push(measured.paintedAt);
      cpu.push(cpuBetween(measured.paintedAt - measured.render, measured.paintedAt));
      if (run === 0) scrolled = await scrollAndCountRows(grid);
    }
    report(
      `grid.${rows}rows.first-render (median of ${RUNS}, load ${loadavg()[0]!.toFixed(1)})`,
      `${median(renders)} ms`,
      rows > 10000 ? '≤ 1000 ms' : '≤ 300 ms',
    );
    report(
      `grid.${rows}rows.first-render-cpu (renderer main thread, median of ${RUNS})`,
      `${median(cpu)} ms`,
      'informative',
    );
    report(
      `grid.${rows}rows.navigation-to-painted (median of ${RUNS}, app start included)`,
      `${median(fromNavigation)} ms`,
      'informative',
    );
    report(
      `grid.${rows}rows.dom-rows-while-scrolling (${scrolled.steps} steps, reached row ${rows}: ${scrolled.lastText.includes(`R${rows}-C0`)})`,
      String(scrolled.maxRows),
      '≤ 150',
    );
  }
} finally {
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
