// An interface definition's behaviour: its secrets (a secret typed in the plain column moves to
// the encrypted one; the mask sent back keeps the stored value), its checks (the business object
// and action exist, interceptors are known), doEffect (the version before it of the same code
// steps down; calls still queued for it go out with the new one) and doInvalid (queued calls go
// to compensation with "definition invalid").
import { SEALED_MASK, type RuleIssue } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { dispatcherOf } from '../outbox/dispatcher';
import { scsiOutbox } from '../outbox/outbox.entity';
import { INTERCEPTORS } from '../wire/interceptors';
import { scsiDefinition } from './definition.entity';

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
      return null;
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
      for (const row of queued) {
        await ctx.patch(scsiOutbox, row.outboxId, { stateCode: 'FAILED', lastError: message });
        await dispatcher.compensate(ctx, row.outboxId, message);
      }
    },
  },
});
