// A delivery note's barcode labels: 100 labels (Code 128 and QR each) printed into one PDF, as
// the print action does. Measures the PDF's size and the time to draw it.
import type { DataApi, Row } from '@srm/platform';
import { asnLabels, labelsPdf } from '@srm/domain/delivery/server';
import { median, report } from './lib/server';

const LABELS = Number(process.env.BENCH_LABELS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const note: Row = {
  asnNumber: 'ASN202611210001',
  supplierName: '苏州精密五金有限公司',
  shipDate: '2026-11-21',
  lines: Array.from({ length: 4 }, (_, index) => ({
    lineNum: index + 1,
    poNumber: `PO20261120000${index + 1}`,
    itemCode: `0203000${index + 1}`,
    itemName: '六角螺栓',
    specification: `M${8 + index}×40 8.8级`,
    uomName: '个',
    lotNumber: `L2611${index}`,
    shipQuantity: (LABELS / 4) * 40,
    packageQuantity: 40,
  })),
};
// The labels' words come from the message catalogue; the keys are enough to size the PDF.
const context = {
  actor: { locale: 'zh-CN' },
  runtime: { t: (_locale: string, key: string) => key.split('.').at(-1)! },
} as unknown as DataApi;

// A synthetic note of the fields the labels print (not a stored row).
const labels = asnLabels(note as unknown as Parameters<typeof asnLabels>[0]);
const times: number[] = [];
let size = 0;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  size = (await labelsPdf(context, note as unknown as Parameters<typeof labelsPdf>[1], labels)).length;
  times.push(performance.now() - started);
}
report(
  `labels.${labels.length}.pdf-size`,
  `${(size / 1024).toFixed(1)} KiB`,
  'small: vector bars, no images',
);
report(
  `labels.${labels.length}.render`,
  `median ${median(times).toFixed(0)} ms, runs ${times.map((ms) => ms.toFixed(0)).join('/')} ms`,
  'well under the request timeout',
);
