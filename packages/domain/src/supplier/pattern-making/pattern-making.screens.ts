// Screens of pattern making (web): the buyer's requests — materials, drawings, suppliers with where
// each reply stands — and the replies, which the buyer sends back, submits for fee approval and
// decides sample by sample; the supplier's replies in its portal, where it quotes or declines and
// records its shipment.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

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
  }),
  ...entityScreens('supplier', 'srmPatternMakingReply', reply, {
    list: 'supplier/myPatternMakingList',
    edit: 'supplier/myPatternMakingEdit',
  }),
];
