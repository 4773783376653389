// The message sources declared in code: every `source` the platform and the areas pass to
// `notify` today, with its names and category. The dispatcher adds the missing ones to the
// sources table when a node starts; what an administrator changed there is kept.
import type { SourceCategory } from './source.entity';

export interface DeclaredSource {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
  readonly category: SourceCategory;
}

export const DECLARED_SOURCES: readonly DeclaredSource[] = [
  { code: 'BPM_TASK', name: '待审批', nameEn: 'Task to approve', category: 'OPTIONAL' },
  { code: 'BPM_APPROVED', name: '审批通过', nameEn: 'Approved', category: 'OPTIONAL' },
  { code: 'BPM_REJECTED', name: '审批驳回', nameEn: 'Rejected', category: 'OPTIONAL' },
  { code: 'BPM_REMIND', name: '审批催办', nameEn: 'Approval reminder', category: 'OPTIONAL' },
  { code: 'BPM_ESCALATE', name: '审批升级', nameEn: 'Approval escalated', category: 'OPTIONAL' },
  { code: 'PO_RELEASED', name: '采购订单发布', nameEn: 'Purchase order released', category: 'OPTIONAL' },
  {
    code: 'PO_CHANGE_PROPOSED',
    name: '订单变更建议',
    nameEn: 'Order change proposed',
    category: 'OPTIONAL',
  },
  { code: 'ASN_SUBMITTED', name: '送货单提交', nameEn: 'ASN submitted', category: 'OPTIONAL' },
  {
    code: 'DELIVERY_NOTICE_ISSUED',
    name: '送货通知下达',
    nameEn: 'Delivery notice issued',
    category: 'OPTIONAL',
  },
  { code: 'SCHEDULER_ALERT', name: '后台作业告警', nameEn: 'Background work alert', category: 'MANDATORY' },
];
