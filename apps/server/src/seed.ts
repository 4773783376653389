// Demo data: every area's seeds. On start, seeds not yet recorded run (a first start loads
// the whole demo company); `npm run seed` runs them all again, idempotently.
import { type EntityRuntime, runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { DEMO_PASSWORD } from '@srm/domain/demo';

/** The demo data; the snapshot leaves out what is made with an installation's secrets. */
export async function loadDemoData(runtime: EntityRuntime, mode: 'all' | 'new', forSnapshot = false) {
  return runSeeds(runtime, domainSeeds, mode, forSnapshot ? { installation: false } : {});
}

/** The demo logins printed at start. */
export function demoLoginLines(): string[] {
  const rows = [
    ['admin', '系统管理员 System administrator'],
    ['buyer', '采购员 Buyer (张伟)'],
    ['approver', '采购经理 Purchasing manager (李娜)'],
    ['finance', '财务 Finance (王芳)'],
    ['sup_a', '供应商 A: 苏州恒达精密五金有限公司'],
    ['sup_b', '供应商 B: 宁波瑞丰电子科技有限公司'],
  ];
  return [
    `  Demo logins (password ${DEMO_PASSWORD} for all):`,
    ...rows.map(([user, who]) => `    ${user!.padEnd(10)} ${who}`),
  ];
}
