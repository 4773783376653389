// Screens of administration (web): the platform's own objects, with the spec's route names, and
// the help and news articles.
import {
  type ScreenEntry,
  approvalScreens,
  messageScreens,
  customScreen,
  entityScreens,
  resetPasswordButton,
  rolePermissionsEditor,
} from '@srm/platform-ui';
import { articleScreens } from './article/article.screens';

// The platform's own entities only (the kernel's index would bring every export and both languages).
const kernel = () => import('@srm/kernel/system');

export const adminScreens: ScreenEntry[] = [
  ...entityScreens('system', 'baseUser', () => kernel().then((m) => m.user), {
    list: 'user',
    edit: 'userEdit',
    editButtons: [resetPasswordButton],
  }),
  ...entityScreens('system', 'baseResponsibility', () => kernel().then((m) => m.responsibility), {
    list: 'systemsetting/responsibility',
    edit: 'systemsetting/respSave',
  }),
  ...entityScreens('system', 'baseRole', () => kernel().then((m) => m.role), {
    list: 'systemsetting/role',
    edit: 'systemsetting/roleEdit',
    linesEditor: rolePermissionsEditor,
  }),
  ...entityScreens('system', 'baseMenu', () => kernel().then((m) => m.menu), {
    list: 'systemsetting/menuFunction',
    edit: 'systemsetting/menuFunctionEdit',
  }),
  ...entityScreens('system', 'baseUserAuthorisation', () => kernel().then((m) => m.userAuthorisation), {
    list: 'userAuthorisationList',
    edit: 'userAuthorisationEdit',
  }),
  ...entityScreens('system', 'baseDepartment', () => kernel().then((m) => m.department), {
    list: 'department',
    edit: 'DepartmentDetail',
  }),
  ...entityScreens('system', 'baseEmployee', () => kernel().then((m) => m.employee), {
    list: 'employee',
    edit: 'EditEmployee',
  }),
  ...entityScreens('system', 'basePosition', () => kernel().then((m) => m.position), {
    list: 'position',
    edit: 'position/positiondetail',
  }),
  ...entityScreens('system', 'basePositionLevel', () => kernel().then((m) => m.positionLevel), {
    list: 'positionLevel',
    edit: 'positionLevel/positionLeveldetail',
  }),
  ...entityScreens('system', 'baseJob', () => kernel().then((m) => m.job), {
    list: 'job',
    edit: 'job/editjob',
  }),
  ...entityScreens('system', 'baseLookupType', () => kernel().then((m) => m.lookupType), {
    list: 'lookuptype',
    edit: 'lookupTypeEdit',
  }),
  ...entityScreens('system', 'baseProfile', () => kernel().then((m) => m.profile), {
    list: 'profile',
    edit: 'profileEdit',
  }),
  ...entityScreens('system', 'baseLoginLog', () => kernel().then((m) => m.loginLog), {
    list: 'log',
    edit: 'logDetail',
  }),
  ...entityScreens('system', 'baseMessageLog', () => kernel().then((m) => m.messageLog), {
    list: 'msgLog',
    edit: 'msgLogDetail',
  }),
  // Help and news articles: the administrators' list and form, the readers' pages.
  ...articleScreens,
  // Approval processes: todo and handled lists, templates, monitoring (packages/platform-ui).
  ...approvalScreens,
  // In-app messages (站内信): my messages.
  ...messageScreens,
  // The toolkit's widgets live (attachments, viewers, validators, error catalogue). This and the
  // grid gallery are developers' pages: in no menu, opened by their route.
  customScreen('system', 'toolkitGallery', 'ui.gallery.title', () =>
    import('@srm/platform-ui').then((m) => ({ default: m.ToolkitGallery })),
  ),
  // The toolkit's grid gallery (every cell type and feature, for developers and the tests).
  customScreen(
    'system',
    'toolkit/grid',
    'ui.gridGallery.title',
    () => import('@srm/platform-ui/grid/gallery'),
  ),
];
