// The in-app message screen by the spec's route name (receiveMessageList: my messages).
import { type ScreenEntry, customScreen } from '../screens/registry';

export const messageScreens: ScreenEntry[] = [
  customScreen('system', 'receiveMessageList', 'menu.message.receiveMessageList', () =>
    import('./MessageList').then((m) => ({ default: m.MessageListScreen })),
  ),
];
