// The message sources declared in code: every `source` the platform and the areas pass to
// `notify` today, with its names and category. The dispatcher adds the missing ones to the
// sources table when a node starts; what an administrator changed there is kept.
import type { SourceCategory } from './source.entity';

/** A value a source's senders give, by the name templates use, with a sample for the preview. */
export interface SourceVariable {
  readonly name: string;
  readonly sample: string;
}

export interface DeclaredSource {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
  readonly category: SourceCategory;
  /** What its senders pass as `params`: the only names its templates may use. */
  readonly variables: readonly SourceVariable[];
  /**
   * The entity of the document every message of it is about, when there is one: message configs
   * (msgCfg) may then set conditions on its fields and address the users and supplier it names.
   */
  readonly document?: string;
  /**
   * Its messages are written for the document's supplier (the supplier's users get them from the
   * sender): only then may a config address the supplier's users or contacts. A message written
   * for the buying side may carry what a supplier must not read.
   */
  readonly toSupplier?: true;
}

const document = { name: 'document', sample: '采购订单' };
const number = { name: 'number', sample: 'PO202611280001' };
const node = { name: 'node', sample: '采购经理审批' };
const hours = { name: 'hours', sample: '24' };
const quoteNumber = { name: 'number', sample: 'QT202611300001' };
const entryNumber = { name: 'number', sample: 'AU202612010001' };
const auctionTitle = { name: 'title', sample: 'M6 螺钉年度竞价' };
const auctionEnd = { name: 'end', sample: '2026-12-05 10:30' };
const statementNumber = { name: 'number', sample: 'AS202612010001' };
const statementPeriod = { name: 'period', sample: '2026-11-01 ~ 2026-11-30' };
const inquiryTitle = { name: 'title', sample: '2027 年度紧固件询价' };
/** A one-time code's message: whom it is for, the code, how long it holds. */
const codeVariables = [
  { name: 'name', sample: '张伟' },
  { name: 'code', sample: '385201' },
  { name: 'minutes', sample: '10' },
];

export const DECLARED_SOURCES: readonly DeclaredSource[] = [
  {
    code: 'CONTACT_VERIFY_CODE',
    name: '联系方式验证码',
    nameEn: 'Contact verification code',
    category: 'MANDATORY',
    variables: codeVariables,
  },
  {
    code: 'PASSWORD_RESET_CODE',
    name: '找回密码验证码',
    nameEn: 'Password reset code',
    category: 'MANDATORY',
    variables: codeVariables,
  },
  {
    code: 'BPM_TASK',
    name: '待审批',
    nameEn: 'Task to approve',
    category: 'OPTIONAL',
    variables: [document, number, node],
  },
  {
    code: 'BPM_APPROVED',
    name: '审批通过',
    nameEn: 'Approved',
    category: 'OPTIONAL',
    variables: [document, number],
  },
  {
    code: 'BPM_REJECTED',
    name: '审批驳回',
    nameEn: 'Rejected',
    category: 'OPTIONAL',
    variables: [
      document,
      number,
      node,
      { name: 'user', sample: '李娜' },
      { name: 'comment', sample: '单价高于协议价，请核对' },
    ],
  },
  {
    code: 'BPM_REMIND',
    name: '审批催办',
    nameEn: 'Approval reminder',
    category: 'OPTIONAL',
    variables: [document, number, node, hours],
  },
  {
    code: 'BPM_ESCALATE',
    name: '审批升级',
    nameEn: 'Approval escalated',
    category: 'OPTIONAL',
    variables: [document, number, node, { name: 'assignee', sample: '张伟' }, hours],
  },
  {
    code: 'PO_RELEASED',
    document: 'srmPoHeader',
    toSupplier: true,
    name: '采购订单发布',
    nameEn: 'Purchase order released',
    category: 'OPTIONAL',
    variables: [number, { name: 'org', sample: '苏州工厂' }],
  },
  {
    code: 'STL_STATEMENT_SENT',
    document: 'srmStlAccountHeader',
    toSupplier: true,
    name: '对账单待确认',
    nameEn: 'Statement to confirm',
    category: 'MANDATORY',
    variables: [statementNumber, { name: 'org', sample: '苏州工厂' }, statementPeriod],
  },
  {
    code: 'STL_DISPUTE_ANSWERED',
    document: 'srmStlAccountHeader',
    toSupplier: true,
    name: '对账异议已处理',
    nameEn: 'Statement disputes answered',
    category: 'MANDATORY',
    variables: [statementNumber, { name: 'org', sample: '苏州工厂' }, statementPeriod],
  },
  {
    code: 'STL_STATEMENT_DISPUTED',
    document: 'srmStlAccountHeader',
    name: '对账单有异议',
    nameEn: 'Statement disputed',
    category: 'OPTIONAL',
    variables: [
      statementNumber,
      { name: 'supplier', sample: '苏州恒达精密五金有限公司' },
      { name: 'count', sample: '2' },
    ],
  },
  {
    code: 'STL_STATEMENT_CONFIRMED',
    document: 'srmStlAccountHeader',
    name: '对账单已确认',
    nameEn: 'Statement confirmed',
    category: 'OPTIONAL',
    variables: [
      statementNumber,
      { name: 'supplier', sample: '苏州恒达精密五金有限公司' },
      { name: 'count', sample: '0' },
    ],
  },
  {
    code: 'STL_INVOICE_HELD',
    name: '发票匹配异常',
    nameEn: 'Invoice held',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: '24322000000012345678' },
      { name: 'count', sample: '1' },
    ],
  },
  {
    code: 'STL_INVOICE_RETURNED',
    name: '发票被退回',
    nameEn: 'Invoice returned',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: '24322000000012345678' },
      { name: 'count', sample: '0' },
    ],
  },
  {
    code: 'STL_PAYMENT_PAID',
    document: 'srmStlPaymentHeader',
    toSupplier: true,
    name: '付款已支付',
    nameEn: 'Payment made',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: 'PA202612010001' },
      { name: 'amount', sample: 'CNY 1,250.00' },
    ],
  },
  {
    code: 'STL_RCN_SENT',
    document: 'srmStlRcnHeader',
    toSupplier: true,
    name: '往来余额待确认',
    nameEn: 'Balance to confirm',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: 'RC202612010001' },
      { name: 'period', sample: '2026-11-01 ~ 2026-11-30' },
      { name: 'amount', sample: '12,500.00' },
    ],
  },
  {
    code: 'STL_RCN_ANSWERED',
    document: 'srmStlRcnHeader',
    name: '往来余额已答复',
    nameEn: 'Balance confirmation answered',
    category: 'OPTIONAL',
    variables: [
      { name: 'number', sample: 'RC202612010001' },
      { name: 'supplier', sample: '苏州恒达精密五金有限公司' },
      { name: 'amount', sample: '12,500.00' },
    ],
  },
  {
    code: 'STL_DEDUCTION_ISSUED',
    document: 'srmStlDeduction',
    toSupplier: true,
    name: '扣款待确认',
    nameEn: 'Deduction to acknowledge',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: 'DD202612010001' },
      { name: 'amount', sample: '500.00' },
      { name: 'reason', sample: '来料不良挑选费' },
    ],
  },
  {
    code: 'PO_CHANGE_PROPOSED',
    document: 'srmPoHeader',
    name: '订单变更建议',
    nameEn: 'Order change proposed',
    category: 'OPTIONAL',
    variables: [number, { name: 'supplier', sample: '苏州恒达精密五金有限公司' }],
  },
  {
    code: 'ASN_SUBMITTED',
    document: 'srmPurAsnHeader',
    name: '送货单提交',
    nameEn: 'ASN submitted',
    category: 'OPTIONAL',
    variables: [
      { name: 'number', sample: 'ASN202611280001' },
      { name: 'supplier', sample: '苏州恒达精密五金有限公司' },
      { name: 'date', sample: '2026-12-01' },
    ],
  },
  {
    code: 'DELIVERY_NOTICE_ISSUED',
    document: 'srmPurDeliveryNotice',
    toSupplier: true,
    name: '送货通知下达',
    nameEn: 'Delivery notice issued',
    category: 'OPTIONAL',
    variables: [
      { name: 'number', sample: 'DN202611280001' },
      { name: 'org', sample: '苏州工厂' },
    ],
  },
  {
    code: 'NOTICE_PUBLISHED',
    name: '公告发布',
    nameEn: 'Notice published',
    category: 'OPTIONAL',
    variables: [
      { name: 'title', sample: '关于2027年春节放假及送货安排的通知' },
      { name: 'type', sample: '通知公告' },
      { name: 'publisher', sample: '王强' },
    ],
  },
  {
    code: 'COMMON_FILE_PUBLISHED',
    name: '资料发布',
    nameEn: 'Shared file published',
    category: 'OPTIONAL',
    variables: [
      { name: 'title', sample: '供应商送货单模板（2027版）' },
      { name: 'type', sample: '模板' },
      { name: 'publisher', sample: '王强' },
    ],
  },
  {
    code: 'NOTICE_REMIND',
    name: '公告催阅',
    nameEn: 'Notice reminder',
    category: 'OPTIONAL',
    variables: [
      { name: 'title', sample: '关于2027年春节放假及送货安排的通知' },
      { name: 'deadline', sample: '2026-12-20 18:00' },
    ],
  },
  {
    code: 'SUPPLIER_BLACKLISTED',
    name: '供应商列入黑名单',
    nameEn: 'Supplier blacklisted',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: 'BL202611290001' },
      { name: 'reason', sample: '交付批次以次充好' },
    ],
  },
  {
    code: 'SUPPLIER_BLACKLIST_RELIEVED',
    name: '黑名单解除',
    nameEn: 'Blacklist entry relieved',
    category: 'MANDATORY',
    variables: [
      { name: 'number', sample: 'BL202611290001' },
      { name: 'reason', sample: '交付批次以次充好' },
    ],
  },
  {
    code: 'SUPPLIER_CREDENTIAL_EXPIRING',
    name: '资质证书即将到期',
    nameEn: 'Certificates expiring',
    category: 'OPTIONAL',
    variables: [
      { name: 'supplier', sample: '苏州恒达精密五金有限公司' },
      { name: 'count', sample: '2' },
      { name: 'days', sample: '7' },
      { name: 'certificates', sample: 'IATF-0432198（2026-12-04）' },
    ],
  },
  {
    code: 'INQUIRY_PUBLISHED',
    name: '询价邀请',
    nameEn: 'Request for quotation',
    category: 'MANDATORY',
    variables: [quoteNumber, inquiryTitle, { name: 'deadline', sample: '2026-12-05 17:00' }],
  },
  {
    code: 'INQUIRY_EXTENDED',
    name: '报价截止时间延长',
    nameEn: 'Quote deadline extended',
    category: 'MANDATORY',
    variables: [
      quoteNumber,
      inquiryTitle,
      { name: 'deadline', sample: '2026-12-08 17:00' },
      { name: 'reason', sample: '图纸更新，给供应商留出核算时间' },
    ],
  },
  {
    code: 'INQUIRY_REQUOTE',
    name: '询价新一轮报价',
    nameEn: 'New quote round',
    category: 'MANDATORY',
    variables: [
      quoteNumber,
      inquiryTitle,
      { name: 'deadline', sample: '2026-12-08 17:00' },
      { name: 'reason', sample: '两家报价接近，请给出最终报价' },
    ],
  },
  {
    code: 'INQUIRY_REMIND',
    name: '报价截止提醒',
    nameEn: 'Quote deadline reminder',
    category: 'OPTIONAL',
    variables: [quoteNumber, inquiryTitle, { name: 'deadline', sample: '2026-12-05 17:00' }, hours],
  },
  {
    code: 'INQUIRY_CANCELLED',
    name: '询价取消',
    nameEn: 'Request for quotation cancelled',
    category: 'MANDATORY',
    variables: [quoteNumber, inquiryTitle, { name: 'reason', sample: '需求取消' }],
  },
  {
    code: 'INQUIRY_AWARD_RESULT',
    name: '询价定标结果',
    nameEn: 'Quotation result',
    category: 'MANDATORY',
    variables: [quoteNumber, inquiryTitle],
  },
  {
    code: 'AUCTION_PUBLISHED',
    name: '竞价邀请',
    nameEn: 'Auction invitation',
    category: 'MANDATORY',
    variables: [entryNumber, auctionTitle, { name: 'start', sample: '2026-12-05 10:00' }, auctionEnd],
  },
  {
    code: 'AUCTION_ADJUSTED',
    name: '竞价结束时间调整',
    nameEn: 'Auction end changed',
    category: 'MANDATORY',
    variables: [entryNumber, auctionTitle, auctionEnd, { name: 'reason', sample: '供应商申请延长' }],
  },
  {
    code: 'AUCTION_STARTED',
    name: '竞价开始',
    nameEn: 'Auction started',
    category: 'OPTIONAL',
    variables: [entryNumber, auctionTitle, auctionEnd],
  },
  {
    code: 'AUCTION_CANCELLED',
    name: '竞价取消',
    nameEn: 'Auction cancelled',
    category: 'MANDATORY',
    variables: [entryNumber, auctionTitle, { name: 'reason', sample: '需求取消' }],
  },
  {
    code: 'AUCTION_REMIND',
    name: '竞价即将开始',
    nameEn: 'Auction starting soon',
    category: 'OPTIONAL',
    variables: [entryNumber, auctionTitle, { name: 'start', sample: '2026-12-05 10:00' }],
  },
  {
    code: 'AUCTION_EXTENDED',
    name: '竞价延时',
    nameEn: 'Auction extended',
    category: 'OPTIONAL',
    variables: [entryNumber, auctionTitle, auctionEnd, { name: 'count', sample: '2' }],
  },
  {
    code: 'AUCTION_CLOSED',
    name: '竞价结束',
    nameEn: 'Auction closed',
    category: 'OPTIONAL',
    variables: [entryNumber, auctionTitle],
  },
  {
    code: 'AUCTION_AWARD_RESULT',
    name: '竞价定标结果',
    nameEn: 'Auction result',
    category: 'MANDATORY',
    variables: [entryNumber, auctionTitle],
  },
  {
    code: 'AUCTION_QUESTION',
    name: '竞价提问',
    nameEn: 'Auction question',
    category: 'OPTIONAL',
    variables: [entryNumber, auctionTitle],
  },
  {
    code: 'AUCTION_ANSWER',
    name: '竞价答疑',
    nameEn: 'Auction answer',
    category: 'MANDATORY',
    variables: [entryNumber, auctionTitle],
  },
  {
    code: 'MESSAGE_SEND',
    name: '人工发送消息',
    nameEn: 'Message written by a user',
    category: 'OPTIONAL',
    variables: [
      { name: 'title', sample: '春节放假期间送货安排' },
      { name: 'content', sample: '2 月 8 日至 2 月 17 日仓库不收货，请提前安排送货。' },
    ],
  },
  {
    code: 'SCHEDULER_ALERT',
    name: '后台作业告警',
    nameEn: 'Background work alert',
    category: 'MANDATORY',
    variables: [
      { name: 'kind', sample: '请求失败' },
      { name: 'message', sample: 'PO_AUTO_CLOSE 第 3 次失败' },
    ],
  },
];

/** The declared source of this code, if the code declares it. */
export function declaredSource(code: string): DeclaredSource | undefined {
  return DECLARED_SOURCES.find((source) => source.code === code);
}
