// Planning (计划): procurement plans, customer orders and the suppliers' production plans.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { customerOrder, procurementPlan, productionPlan } from './plans.entity';

export { customerOrder, procurementPlan, productionPlan };

export const planningEntities: EntityDef[] = [procurementPlan, customerOrder, productionPlan];
export const planningMessages: Catalogue = { 'zh-CN': zhCN, en };
