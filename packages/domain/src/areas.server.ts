// The server parts of the business areas, one line each, in the order of areas.ts.
import { translate } from '@srm/kernel';
import { type ApprovalTemplateRow, type ServerArea, approvalTemplateRows } from '@srm/platform';
import { domainMessages } from './areas';
import { baseDataServer } from './base-data/area.server';
import { adminServer } from './admin/area.server';
import { supplierServer } from './supplier/area.server';
import { agreementsServer } from './agreements/area.server';
import { purchasingServer } from './purchasing/area.server';
import { sourcingServer } from './sourcing/area.server';
import { contractServer } from './contract/area.server';
import { deliveryServer } from './delivery/area.server';
import { receivingServer } from './receiving/area.server';
import { settlementServer } from './settlement/area.server';
import { planningServer } from './planning/area.server';
import { interfacesServer } from './interfaces/area.server';
import { schedulerServer } from './scheduler/area.server';
import { messagingServer } from './messaging/area.server';
import { noticeServer } from './notice/area.server';

export const serverAreas: readonly ServerArea[] = [
  baseDataServer,
  adminServer,
  supplierServer,
  agreementsServer,
  purchasingServer,
  sourcingServer,
  contractServer,
  deliveryServer,
  receivingServer,
  settlementServer,
  planningServer,
  schedulerServer,
  interfacesServer,
  messagingServer,
  noticeServer,
];

/** Every area's behaviour, for the runtime. */
export const domainActions = serverAreas.flatMap((area) => area.actions);
/** Every area's demo data, in load order. */
export const domainSeeds = serverAreas.flatMap((area) => area.seeds);

/**
 * Every area's approval templates with one user deciding their first node: tests approve every
 * document through one user of their own (a node whose approver a document's field names keeps it).
 */
export function singleApproverTemplates(userId: number): ApprovalTemplateRow[] {
  const plans = serverAreas.flatMap((area) => area.approvalTemplates);
  return approvalTemplateRows(
    plans,
    (key, locale) => translate(domainMessages, locale, key),
    () => null,
  ).map((template) => ({
    ...template,
    nodes: template.nodes.slice(0, 1),
    // A node decided by the user a field names (an award's engineer) stays so.
    approvers: template.approvers.some(
      (approver) => approver.approverType === 'FIELD' && approver.nodeNum === 1,
    )
      ? template.approvers.filter((approver) => approver.nodeNum === 1)
      : [{ nodeNum: 1, approverType: 'USER' as const, userId }],
  }));
}
