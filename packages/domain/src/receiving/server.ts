// Receiving on the server: posting, returns, reversals and the one-call receipt of a note.
import type { EntityActions, Seed } from '@srm/platform';
import { receiveActions } from './receive.actions';
import { writeOffActions } from './write-off.actions';
import { receivingSeedList } from './receiving.seed';

export const receivingActions: EntityActions[] = [receiveActions, writeOffActions];
export const receivingSeeds: Seed[] = receivingSeedList;
