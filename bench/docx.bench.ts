// Contract documents: a Word template filled with 1,000 item rows (target ≤ 1 s), and a 4-page
// contract converted to PDF by LibreOffice, as many at once as the machine has cores (each
// conversion starts soffice with a profile of its own): conversions per minute and the wall
// time of one. Needs LibreOffice (`bash scripts/ensure-system-deps.sh`).
import { availableParallelism, loadavg } from 'node:os';
import { chineseCapitals } from '@srm/kernel';
import { docxToPdf, fillDocxTemplate, findOffice } from '@srm/platform';
import { contractTemplate } from '@srm/platform/testing';
import { median, report } from './lib/server';

const FILL_ROWS = Number(process.env.BENCH_DOCX_ROWS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Item rows that make the contract four A4 pages. */
const CONTRACT_ROWS = Number(process.env.BENCH_CONTRACT_ROWS ?? 160);
const PARALLEL = availableParallelism();
const ROUNDS = Number(process.env.BENCH_CONVERSION_ROUNDS ?? 2);

const item = (index: number) => ({
  lineNo: index + 1,
  itemCode: `0203${String(index).padStart(4, '0')}`,
  itemName: '六角螺栓',
  quantity: 100 + index,
  unit: '个',
  price: '1.25',
  amount: ((100 + index) * 1.25).toFixed(2),
  needByDate: '2026-04-01',
});

function contract(rows: number, contractNumber = 'HT-2026-0042') {
  const total = Array.from({ length: rows }, (_, index) => (100 + index) * 1.25).reduce(
    (sum, x) => sum + x,
    0,
  );
  return {
    contractNumber,
    buyerName: '苏州精密机械有限公司',
    supplierName: '无锡五金制品厂',
    signDate: '2026-03-02',
    items: Array.from({ length: rows }, (_, index) => item(index)),
    totalAmount: total.toFixed(2),
    totalAmountInWords: chineseCapitals(total.toFixed(2)),
    warranty: true,
    warrantyMonths: 12,
    remark: '按国家标准验收。',
  };
}

const template = contractTemplate();
await fillDocxTemplate(template, contract(3));
const fills: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  await fillDocxTemplate(template, contract(FILL_ROWS));
  fills.push(performance.now() - started);
}
report(
  `docx.fill.${FILL_ROWS}-rows`,
  `median ${median(fills).toFixed(0)} ms, runs ${fills.map((ms) => ms.toFixed(0)).join('/')} ms`,
  '≤ 1000 ms',
);

if (!findOffice()) {
  console.log('docx.convert: skipped, LibreOffice is not installed');
} else {
  const document = await fillDocxTemplate(template, contract(CONTRACT_ROWS));
  const alone = performance.now();
  const pdf = await docxToPdf(document);
  const aloneMs = performance.now() - alone;
  const aloneLoad = loadavg()[0]!;
  // LibreOffice writes each page as an uncompressed object of /Type /Page.
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
  const walls: number[] = [];
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++)
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const begun = performance.now();
        await docxToPdf(document);
        walls.push(performance.now() - begun);
      }),
    );
  const seconds = (performance.now() - started) / 1000;
  const load = (average: number) => `load average ${average.toFixed(1)} on ${PARALLEL} cores`;
  report(`docx.convert.${pages}-pages.alone`, `${aloneMs.toFixed(0)} ms (${load(aloneLoad)})`, 'no target');
  report(
    `docx.convert.${pages}-pages.parallel-${PARALLEL}`,
    `${((walls.length / seconds) * 60).toFixed(1)} conversions/min, ${walls.length} in ${seconds.toFixed(1)} s; ` +
      `one conversion median ${median(walls).toFixed(0)} ms, max ${Math.max(...walls).toFixed(0)} ms (${load(loadavg()[0]!)})`,
    'no target: LibreOffice starts once per conversion',
  );
}
