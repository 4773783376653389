// Demo planning: two procurement plans, three customer orders and, for each demo supplier, two
// production plan rows of the materials it supplies — a handful of rows, written once, object by
// object.
import { SYSTEM_ACTOR, type Seed, dataApi, defineSeed } from '@srm/platform';
import { customerOrderDemo } from './customer-order/customer-order.seed';
import { procurementPlan } from './procurement-plan/procurement-plan.entity';
import { procurementPlanDemo } from './procurement-plan/procurement-plan.seed';
import { productionPlanDemo } from './production-plan/production-plan.seed';

const planning = defineSeed('planning.demo', async (context) => {
  const { runtime } = context;
  const data = dataApi(
    { actor: SYSTEM_ACTOR, runtime, tx: runtime.executor(), now: runtime.clock.now() },
    'seed',
  );
  if ((await data.list(procurementPlan, {}, { limit: 1 })).length) return;
  const orgId = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const currencyId = await context.findId('srmBaseCurrency', { currencyCode: 'CNY' });
  const bracket = await context.findId('srmBaseItem', { itemCode: '02010001' });
  const screw = await context.findId('srmBaseItem', { itemCode: '02030001' });
  if (orgId === null || currencyId === null || bracket === null || screw === null) return;
  await procurementPlanDemo(context, data, { orgId, currencyId });
  await customerOrderDemo(data, orgId, { bracket, screw });
  await productionPlanDemo(context, orgId, { bracket, screw });
});

export const planningSeeds: Seed[] = [planning];
