// Screens of pattern making (web): the buyer's requests — materials, drawings, suppliers with where
// each reply stands — and the replies, which the buyer sends back, submits for fee approval,
// decides sample by sample and makes the sample contract of (生成合同); the supplier's replies in
// its portal, where it quotes or declines and records its shipment.
import { type ScreenEntry, endpointButton, entityScreens } from '@srm/platform-ui';

const request = () => import('./pattern-making.entity').then((m) => m.patternMaking);
const reply = () =>
  import('../pattern-making-reply/pattern-making-reply.entity').then((m) => m.patternMakingReply);

export const patternMakingScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmPatternMaking', request, {
    list: 'patternMaking',
    edit: 'patternMakingEdit',
  }),
  ...entityScreens('supplier', 'srmPatternMakingReply', reply, {
    list: 'patternMakingReplyList',
    edit: 'patternMakingReplyEdit',
    // 生成合同 once the fee is approved: the sample contract (contract/contract.from-pattern.ts,
    // named by its path: the supplier area does not import contracts).
    editButtons: [
      endpointButton('createFromPatternMaking', 'srmCctContract.createFromPatternMaking', {
        states: ['APPROVED', 'FINISHED'],
        of: {
          apiPath: '/api/srm/v1/srmCctContractRestful',
          inputs: { srmPatternMakingReply: 'replyId' },
          label: 'createContracts',
          invalidates: 'srmCctContract',
        },
        open: {
          path: 'contractManage/cctContractEdit',
          key: 'contractId',
          from: (data) => (data.contracts as { contractId: number }[] | undefined)?.[0]?.contractId,
        },
      }),
    ],
  }),
  ...entityScreens('supplier', 'srmPatternMakingReply', reply, {
    list: 'supplier/myPatternMakingList',
    edit: 'supplier/myPatternMakingEdit',
  }),
];
