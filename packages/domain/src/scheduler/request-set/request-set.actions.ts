// Request sets on the server: a set has at least one stage, and each stage's values pass its
// program's parameters at save (checked again, with defaults filled, when the set is submitted;
// only the values given are kept, so "today" stays the day of each run).
import type { RuleIssue } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { checkParams } from '../program/program-params';
import { concurrentProgram } from '../program/program.entity';
import { requestSet } from './request-set.entity';

export const requestSetActions = defineActions(requestSet, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const stages = ctx.newLines.stages;
    if (!stages.length) return { field: 'stages', message: 'scheduler.set.noStagesToSave' };
    for (const stage of stages) {
      const program = await ctx.find(concurrentProgram, stage.programId);
      await checkParams(ctx, program.params, stage.parameters);
    }
    return null;
  },
});
