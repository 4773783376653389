// `@srm/platform-ui/core`: the toolkit's provider and contexts, route and form names: what the
// web app's entry and its login page need, without the texts, grids, viewers, charts and
// screens the index also exports, which load with the pages that use them.
export * from './context/api';
export * from './context/labels';
export * from './context/session';
export * from './context/PlatformProvider';
export * from './context/formName';
export * from './context/motion';
export { routeName } from './screens/registry';
