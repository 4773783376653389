// The approval processes of sourcing (data: process templates): the purchasing manager approves an
// inquiry (approval publishes it to the invited suppliers) and an award (approval hands it to
// purchasing); an auction award whose category needs it is then signed off by its engineer.
import type { ApprovalTemplatePlan } from '@srm/platform';
import { INQUIRY_PROCESS } from './inquiry/inquiry.entity';
import { AWARD_PROCESS } from './inquiry-award/inquiry-award.entity';
import { AUCTION_PROCESS } from './auction/auction.entity';
import { AUCTION_AWARD_PROCESS, AUCTION_ENGINEER_PROCESS } from './auction-award/auction-award.entity';

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
  {
    // Award by engineer: the engineer the award names signs it off after the manager's approval.
    processKey: AUCTION_ENGINEER_PROCESS,
    entityName: 'srmAuctionAward',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, fieldName: 'engineerId' }],
  },
];
