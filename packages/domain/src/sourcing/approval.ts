// The approval processes of sourcing (data: process templates): the purchasing manager approves an
// inquiry (approval publishes it to the invited suppliers) and an award (approval hands it to
// purchasing).
import type { ApprovalTemplatePlan } from '@srm/platform';
import { INQUIRY_PROCESS } from './inquiry/inquiry.entity';
import { AWARD_PROCESS } from './inquiry-award/inquiry-award.entity';
import { AUCTION_PROCESS } from './auction/auction.entity';
import { AUCTION_AWARD_PROCESS } from './auction-award/auction-award.entity';

export const sourcingApprovals: ApprovalTemplatePlan[] = [
  {
    processKey: INQUIRY_PROCESS,
    entityName: 'srmInquiry',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: AWARD_PROCESS,
    entityName: 'srmInquiryAward',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: AUCTION_PROCESS,
    entityName: 'srmAuction',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
  {
    processKey: AUCTION_AWARD_PROCESS,
    entityName: 'srmAuctionAward',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
];
