// Sourcing's server functions, for other areas and tests.
export { sourcingServer } from './area.server';
export { closeDueInquiries, tiersOf } from './inquiry/inquiry.actions';
