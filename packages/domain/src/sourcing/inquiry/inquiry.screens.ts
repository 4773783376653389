// Screens of inquiries (web): the buyer's inquiries with their materials, suppliers and openers
// (报价对比 on an inquiry compares its quotations), the quotations (where each stands before
// opening, the prices after) and the awards; the supplier's inquiries to quote and its read-only
// view of those it was invited to.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { comparisonButton, requoteButton } from './inquiry.buttons';
import { fromRequisitionButton } from '../FromRequisition';
import { createContractsButton, handOffPreviewButton } from '../award.buttons';

const inquiry = () => import('./inquiry.entity').then((m) => m.inquiry);
const quote = () => import('../inquiry-quote/inquiry-quote.entity').then((m) => m.inquiryQuote);
const award = () => import('../inquiry-award/inquiry-award.entity').then((m) => m.inquiryAward);

export const inquiryScreens: ScreenEntry[] = [
  ...entityScreens('sourcing', 'srmInquiry', inquiry, {
    list: 'inquiryProposal',
    edit: 'inquiryProposalEdit',
    editButtons: [comparisonButton, requoteButton],
    listButtons: [fromRequisitionButton('srmInquiry', 'inquiryProposalEdit')],
  }),
  ...entityScreens('sourcing', 'srmInquiryQuote', quote, {
    list: 'inquiryQuotationList',
    edit: 'inquiryQuotationDetail',
  }),
  ...entityScreens('sourcing', 'srmInquiryAward', award, {
    list: 'inquiryAwardSummaryList',
    edit: 'inquiryAwardEdit',
    editButtons: [handOffPreviewButton('srmInquiryAward'), createContractsButton],
  }),
  ...entityScreens('sourcing', 'srmInquiryQuote', quote, {
    list: 'inquiryNotQuotationList',
    edit: 'inquiryNotQuotationDetail',
    listFilters: { status: ['DRAFT'] },
  }),
  ...entityScreens('sourcing', 'srmInquiryQuote', quote, {
    list: 'inquiryViewToSupplier',
    edit: 'inquiryViewToSupplierDetail',
  }),
];
