// An interface definition's behaviour: its secrets (a secret typed in the plain column moves to
// the encrypted one; the mask sent back keeps the stored value), its checks (the business object
// and action exist, interceptors are known), doEffect (the version before it of the same code
// steps down; calls still queued for it go out with the new one) and doInvalid (queued calls go
// to compensation with "definition invalid"). A status query it names (asked before any resend)
// is another definition of the same target and business object, with an effective version.
import { type RowOf, SEALED_MASK, type RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { transactionCompen } from '../../scheduler';
import { dispatcherOf } from '../outbox/dispatcher';
import { scsiOutbox } from '../outbox/outbox.entity';
import { statusQueryProblem } from '../outbox/status-query';
import { INTERCEPTORS } from '../wire/interceptors';
import { scsiDefinition } from './definition.entity';
import { writesBack } from './field-maps';

export const definitionActions = defineActions(scsiDefinition, {
  async beforeSave(ctx) {
    const issues: RuleIssue[] = [];
    if (ctx.created) {
      // Versions are the server's: the next after every stored version of the code.
      const versions = await ctx.list(scsiDefinition, { definitionCode: ctx.row.definitionCode });
      ctx.row.definitionVersion = Math.max(0, ...versions.map((row) => row.definitionVersion)) + 1;
    } else if (ctx.previous) ctx.row.definitionVersion = ctx.previous.definitionVersion;
    const old = new Map(ctx.oldLines.parameters.map((line) => [line.parameterId, line]));
    for (const line of ctx.newLines.parameters) {
      if (line.secretFlag !== 'Y') {
        line.secretValue = null;
        continue;
      }
      if (line.paramValue) {
        line.secretValue = line.paramValue;
        line.paramValue = null;
      }
      if (line.secretValue === SEALED_MASK) {
        const stored = line.parameterId ? old.get(line.parameterId) : undefined;
        line.secretValue = stored?.secretValue ?? null;
      }
    }
    const entity = ctx.runtime.registry.find(ctx.row.businessEntity);
    if (!entity)
      issues.push({
        field: 'businessEntity',
        message: 'intf.definition.unknownEntity',
        params: { entity: ctx.row.businessEntity },
      });
    if (ctx.row.triggerType === 'ACTION') {
      const action = ctx.row.triggerAction ?? '';
      if (!action) issues.push({ field: 'triggerAction', message: 'intf.definition.actionRequired' });
      else if (entity && action !== 'save' && !entity.workflow?.actions[action])
        issues.push({ field: 'triggerAction', message: 'intf.definition.unknownAction', params: { action } });
    }
    // An answer may write back only plain text fields the document's editors could write
    // themselves: never its state, key, number, references, amounts or sealed values.
    if (entity)
      for (const map of ctx.newLines.resMaps) {
        if (!writesBack(entity, map.targetField))
          issues.push({
            field: 'resMaps',
            message: 'intf.definition.badWriteBack',
            params: { field: map.targetField },
          });
      }
    const query = await statusQueryIssue(ctx, ctx.row);
    if (query && 'issue' in query) issues.push(query.issue);
    // A superseded version named (a new version copies its reference): the one now effective.
    else if (query) ctx.row.statusQueryDefinitionId = query.definitionId;
    for (const [field, kind] of [
      ['headerInterceptor', 'HEADER'],
      ['paramsInterceptor', 'PARAMS'],
    ] as const) {
      const name = ctx.row[field];
      if (name && INTERCEPTORS.get(name)?.kind !== kind)
        issues.push({ field, message: 'intf.definition.unknownInterceptor', params: { name } });
    }
    return issues;
  },
  guards: {
    async doEffect(ctx) {
      const found = await ctx.find(scsiDefinition, ctx.row.definitionId);
      if (!found.configs.length) return { field: 'configs', message: 'intf.definition.noConfig' };
      // Its status query may have been made invalid since the draft was saved.
      const query = await statusQueryIssue(ctx, ctx.row);
      return query && 'issue' in query ? query.issue : null;
    },
  },
  actions: {
    async doEffect(ctx) {
      const older = await ctx.list(scsiDefinition, {
        definitionCode: ctx.row.definitionCode,
        status: 'EFFECTIVE',
      });
      const others = older
        .filter((row) => row.definitionId !== ctx.row.definitionId)
        .map((row) => row.definitionId);
      if (others.length) await ctx.act(scsiDefinition, 'doSupersede', others, {});
      dispatcherOf(ctx).forget();
    },
    async doInvalid(ctx) {
      const dispatcher = dispatcherOf(ctx);
      dispatcher.forget();
      const queued = await ctx.list(scsiOutbox, {
        definitionCode: ctx.row.definitionCode,
        stateCode: 'PENDING',
      });
      const message = ctx.t('intf.outbox.definitionInvalid');
      for (const { outboxId } of queued) {
        // Locked and read again: a row a node took meanwhile is in flight, and its answer decides.
        const [row] = await ctx.lock(scsiOutbox, [outboxId]);
        if (!row || row.stateCode !== 'PENDING') continue;
        await ctx.patch(scsiOutbox, outboxId, { stateCode: 'FAILED', lastError: message });
        if (row.compenId) await reopen(ctx, row.compenId, row.attempts, message);
        else await dispatcher.compensate(ctx, outboxId, message);
      }
    },
  },
});

/**
 * The status query a definition names, checked (statusQueryProblem): its code must have an
 * effective version, which is the one asked. Answers that version, or the issue; null when
 * none is named.
 */
async function statusQueryIssue(
  data: DataApi,
  row: Pick<
    RowOf<typeof scsiDefinition>,
    'definitionCode' | 'targetSystem' | 'businessEntity' | 'statusQueryDefinitionId'
  >,
): Promise<{ definitionId: number } | { issue: RuleIssue } | null> {
  const named = row.statusQueryDefinitionId;
  if (named === null || named === undefined) return null;
  const field = 'statusQueryDefinitionId';
  const [target] = await data.list(scsiDefinition, { definitionId: named });
  // The engine's reference check has refused an unknown id already.
  if (!target) return { issue: { field, message: 'validation.refMissing', params: { id: named } } };
  const code = target.definitionCode;
  // A version of this very definition is refused as such, whatever its state.
  const [effective] =
    code === row.definitionCode
      ? [target]
      : await data.list(scsiDefinition, { definitionCode: code, status: 'EFFECTIVE' });
  if (!effective)
    return { issue: { field, message: 'intf.definition.statusQueryNotEffective', params: { code } } };
  const problem = statusQueryProblem(row, effective);
  return problem ? { issue: { field, ...problem } } : { definitionId: effective.definitionId };
}

/** A compensation row waiting for a retry that will not come: open again, with why. */
async function reopen(data: DataApi, compenId: number, attempts: number, message: string): Promise<void> {
  const [compensation] = await data.list(transactionCompen, { compenId });
  if (compensation?.status === 'RETRYING') await data.act(transactionCompen, 'doReopen', [compenId], {});
  await data.patch(transactionCompen, compenId, { attempts, lastError: message });
}
