// Screens of notices (web): notice types (noticeConfigList), notices and notifications for their
// publishers (noticeManagement, notificationManagement: the same document, one kind each, with a
// preview and the read receipts), and each reader's own copies (notice/noticeMore) opening the
// reader (notice/noticeDesc) on both sides.
import { type ScreenEntry, customScreen, entityScreens } from '@srm/platform-ui';
import { noticePreviewButton, noticeReceiptsButton } from './notice/notice.buttons';

const definitions = () => import('./index');
const noticeButtons = [noticePreviewButton, noticeReceiptsButton];

const [myCopies] = entityScreens(
  'notice',
  'srmNoticeReceiver',
  () => definitions().then((m) => m.noticeReceiver),
  {
    list: 'notice/noticeMore',
  },
);

export const noticeScreens: ScreenEntry[] = [
  ...entityScreens('notice', 'srmNoticeConfig', () => definitions().then((m) => m.noticeConfig), {
    list: 'noticeConfigList',
    edit: 'noticeConfigEdit',
  }),
  ...entityScreens('notice', 'srmNotice', () => definitions().then((m) => m.notice), {
    list: 'noticeManagement',
    edit: 'notice/noticeEdit',
    listFilters: { noticeKind: 'NOTICE' },
    editButtons: noticeButtons,
  }),
  ...entityScreens('notice', 'srmNotice', () => definitions().then((m) => m.notice), {
    list: 'notificationManagement',
    edit: 'notification/notificationEdit',
    listFilters: { noticeKind: 'NOTIFICATION' },
    editButtons: noticeButtons,
  }),
  // A reader's copies open the reader, not a form.
  { ...myCopies!, editPath: 'notice/noticeDesc' },
  {
    ...customScreen(
      'notice',
      'notice/noticeDesc',
      'entity.srmNotice',
      () => import('./receiver/NoticeDesc'),
      {
        menu: false,
      },
    ),
    entityName: 'srmNoticeReceiver',
  },
];
