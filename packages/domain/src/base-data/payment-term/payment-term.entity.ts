// Payment terms (付款条件): how an order or contract is paid, split into nodes whose percentages
// add up to exactly 100.
import { type RuleIssue, checkbox, dec, defineEntity, sum, text, textarea } from '@srm/kernel';
import { paymentTermNode } from './payment-term-node.entity';

type Lines = Readonly<Record<string, readonly Record<string, unknown>[]>>;

/** A node's number as the rules receive it (values are checked by kind before the rules run). */
const numeric = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The node percentages, summed exactly, must make 100 (a term without nodes is still a draft). */
export function percentTotalIssue(lines: Lines): RuleIssue | null {
  const nodes = lines.nodes ?? [];
  if (!nodes.length) return null;
  const total = sum(nodes, (node) => numeric(node.percent));
  return total.equals(100)
    ? null
    : { field: 'nodes', message: 'srmBasePaymentTerm.percentTotal', params: { total: total.toFixed() } };
}

function duplicateNodeNumIssue(lines: Lines): RuleIssue | null {
  const seen = new Set<string>();
  for (const node of lines.nodes ?? []) {
    const nodeNum = numeric(node.nodeNum);
    if (nodeNum === null) continue;
    const key = dec(nodeNum).toFixed();
    if (seen.has(key)) {
      return { field: 'nodes', message: 'srmBasePaymentTerm.duplicateNodeNum', params: { nodeNum: key } };
    }
    seen.add(key);
  }
  return null;
}

export const paymentTerm = defineEntity('srmBasePaymentTerm', {
  area: 'base-data',
  key: 'paymentTermId',
  display: 'termName',
  fields: {
    termCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    termName: text({ required: true, max: 120, english: 'termNameEn' }),
    termNameEn: text({ max: 120 }),
    description: textarea({ max: 1000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { nodes: paymentTermNode },
  rules: [(_row, { lines }) => percentTotalIssue(lines), (_row, { lines }) => duplicateNodeNumIssue(lines)],
  list: {
    columns: ['termCode', 'termName', 'termNameEn', 'description', 'enabledFlag', 'lastUpdateDate'],
    filters: [{ field: 'termCode', op: 'prefix' }, 'termName', 'enabledFlag'],
    sort: [{ field: 'termCode', order: 'asc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['termCode', 'termName', 'termNameEn', 'enabledFlag', 'description'] },
    ],
  },
});
