// What the demo company's logins are, for the start banner and the browser tests.
export { DEMO_PASSWORD } from './supplier/server';
export { DEMO_USERS } from './admin/admin.seed';
export { DEMO_SUPPLIERS } from './supplier/server';
