// Planning (计划): procurement plans, customer orders and the suppliers' production plans. The
// area's public face to other areas (isomorphic): its definitions.
export { procurementPlan } from './procurement-plan/procurement-plan.entity';
export { customerOrder } from './customer-order/customer-order.entity';
export { productionPlan } from './production-plan/production-plan.entity';
