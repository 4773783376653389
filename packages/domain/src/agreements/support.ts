// What the objects of the area share on the server: issues of their checks, and the demo's way of
// running documents through their workflows (the seeds of several objects).
import { type ActionName, type AnyEntity, type RuleIssue } from '@srm/kernel';
import { type Actor, type DataApi, SYSTEM_ACTOR, type SeedContext, dataApi, decideAll } from '@srm/platform';

export const issue = (message: string, params?: Record<string, string | number>): RuleIssue => ({
  message,
  ...(params ? { params } : {}),
});

/** What the demo documents of the area are about: both demo suppliers, organisations, materials. */
export interface AgreementsDemo {
  /** 恒达五金 (fasteners) and 瑞丰电子 (electronics). */
  readonly hengda: number;
  readonly ruifeng: number;
  readonly ou100: number;
  readonly p110: number;
  readonly cny: number;
  readonly items: {
    readonly screw: number;
    readonly nut: number;
    readonly washer: number;
    readonly mcu: number;
    readonly resistor: number;
  };
}

/** `yyyy-MM-dd`, `days` from today. */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The demo's data API as the platform, or as the given user. */
export function seedData(context: SeedContext, actor: Actor = SYSTEM_ACTOR): DataApi {
  const { runtime } = context;
  return dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'seed');
}

/** A supplier's portal user saving its answer, as the portal does. */
export const supplierActor = (supplierId: number): Actor => ({
  ...SYSTEM_ACTOR,
  side: 'supplier',
  supplierId,
  system: false,
});

/**
 * Runs workflow actions as the demo would: a document under an approval process is submitted by
 * the buyer and approved by deciding its tasks as their assignees (the purchasing manager, and
 * finance for an agreement whose price moved more than five percent).
 */
export async function demoActions<E extends AnyEntity>(
  context: SeedContext,
  entity: E,
  id: number,
  actions: readonly ActionName<E>[],
): Promise<void> {
  const withProcess = !!entity.workflow?.actions.doSubmit?.approval;
  for (const action of actions) {
    if (withProcess && action === 'doApproval') {
      await decideAll(context.runtime, entity.name, id, 'approve');
      continue;
    }
    const actor: Actor =
      withProcess && action === 'doSubmit'
        ? {
            ...SYSTEM_ACTOR,
            system: false,
            userId: await context.idOf('baseUser', { userName: 'buyer' }),
            userName: 'buyer',
          }
        : SYSTEM_ACTOR;
    await seedData(context, actor).act(entity, action, [id]);
  }
}
