// Every approval process of the domain's documents (process templates as data), for the demo
// seeds and for tests, which approve every document through one user of their own.
import type { Row } from '@srm/platform';
import { agreementsTemplates } from './agreements/approval';
import { purchasingTemplates } from './purchasing/approval';
import { registrationTemplate } from './supplier/approval';

/** All templates, approved by one user (tests): the first node of each, the approver replaced. */
export function singleApproverTemplates(userId: number): Row[] {
  return [...purchasingTemplates(0), ...agreementsTemplates(0, null), registrationTemplate(0)].map(
    (template) => ({
      ...template,
      nodes: (template.nodes as Row[]).slice(0, 1),
      approvers: [{ nodeNum: 1, approverType: 'USER', userId }],
    }),
  );
}
