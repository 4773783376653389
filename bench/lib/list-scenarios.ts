// The list benchmark's scenarios: page sizes 20 and 200, with and without a filter, first and
// deep pages.
export interface Scenario {
  name: string;
  body: Record<string, unknown>;
  requests: number;
}

export const scenarios: Scenario[] = [
  { name: 'size 20, page 1, no filter', body: { pageIndex: 1, pageRows: 20 }, requests: 300 },
  { name: 'size 200, page 1, no filter', body: { pageIndex: 1, pageRows: 200 }, requests: 200 },
  { name: 'size 20, page 500 (deep), no filter', body: { pageIndex: 500, pageRows: 20 }, requests: 300 },
  { name: 'size 200, page 50 (deep), no filter', body: { pageIndex: 50, pageRows: 200 }, requests: 200 },
  {
    name: 'size 20, page 1, item filter',
    body: { pageIndex: 1, pageRows: 20, itemCode: 'ITEM-0042' },
    requests: 300,
  },
  {
    name: 'size 200, page 1, date-range filter',
    body: { pageIndex: 1, pageRows: 200, needByDate: ['2026-03-01', '2026-03-10'] },
    requests: 200,
  },
  {
    name: 'size 20, page 5 (deep), item filter',
    body: { pageIndex: 5, pageRows: 20, itemCode: 'ITEM-0042' },
    requests: 300,
  },
];
