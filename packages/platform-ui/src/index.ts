// @srm/platform-ui: the React toolkit of the entity engine (generic list and edit screens,
// field renderers and inputs, lookups, the screen registry). Imports @srm/kernel only.
export * from './context/api';
export * from './context/labels';
export * from './context/session';
export * from './context/PlatformProvider';
export * from './context/useConfirm';
export * from './messages';
export * from './fields/lookups';
export * from './fields/FieldDisplay';
export * from './fields/FieldInput';
export * from './fields/DateInput';
export * from './fields/LookupSelect';
export * from './fields/RefSelect';
export * from './fields/rules';
export * from './list/EntityListPage';
export * from './list/filters';
export * from './edit/EntityEditPage';
export * from './edit/saveBody';
export * from './edit/issues';
export * from './workflow/workflow';
export * from './workflow/statusColor';
export * from './workflow/useActionRunner';
export * from './screens/registry';
export * from './screens/ScreenContext';
export * from './screens/screenLoader';
