// Server-side behaviour of the agreements area.
import type { EntityActions, Seed } from '@srm/platform';
import { aslActions, aslAlterationActions, aslApplyActions } from './asl.actions';

export const agreementsActions: EntityActions[] = [aslActions, aslApplyActions, aslAlterationActions];
export const agreementsSeeds: Seed[] = [];
export { type AslAnswer, type AslQuery, aslAllows, assertAslAllows } from './asl-check';
