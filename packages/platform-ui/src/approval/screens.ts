// The approval screens by the spec's route names: todo and handled lists for both sides, the
// processes a user started, monitoring, and the process templates (with the reminder settings).
import { processTemplate, role } from '@srm/kernel';
import { type ScreenEntry, customScreen, entityScreens } from '../screens/registry';

const lists = () => import('./ApprovalLists');

export const approvalScreens: ScreenEntry[] = [
  ...entityScreens('system', 'srmBaseProcessTemplate', async () => processTemplate),
  ...entityScreens('system', 'srmBaseProcessTemplate', async () => processTemplate, {
    list: 'processList',
    edit: 'processEdit',
  }),
  ...entityScreens('system', 'srmBaseProcessTemplate', async () => processTemplate, {
    list: 'reminderSetting',
    edit: 'reminderSettingEdit',
  }),
  ...entityScreens('system', 'baseRole', async () => role, {
    list: 'processRoleList',
    edit: 'processRoleEdit',
  }),
  ...(['myApproval', 'gtasks', 'myUpcoming', 'insidePendingList', 'supplierPendingList'] as const).map(
    (path) =>
      customScreen('system', path, `menu.bpm.${path}`, () =>
        lists().then((m) => ({ default: m.TodoTasksScreen })),
      ),
  ),
  ...(['insideHandledList', 'supplierHandledList'] as const).map((path) =>
    customScreen('system', path, `menu.bpm.${path}`, () =>
      lists().then((m) => ({ default: m.HandledTasksScreen })),
    ),
  ),
  customScreen('system', 'myBpmMatterList', 'menu.bpm.myBpmMatterList', () =>
    lists().then((m) => ({ default: m.MyProcessesScreen })),
  ),
  customScreen('system', 'processInitiate', 'menu.bpm.processInitiate', () =>
    lists().then((m) => ({ default: m.MyProcessesScreen })),
  ),
  customScreen('system', 'processMonitoring', 'menu.bpm.processMonitoring', () =>
    lists().then((m) => ({ default: m.ProcessMonitoringScreen })),
  ),
];
