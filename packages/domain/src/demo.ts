// What the demo company's logins are, for the start banner and the browser tests.
export { DEMO_PASSWORD } from './supplier/supplier.seed';
export { DEMO_USERS } from './admin/admin.seed';
export { DEMO_SUPPLIERS } from './supplier/supplier.seed';
