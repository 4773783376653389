// Screens of notices (web): notice types (noticeConfigList), notices and notifications for their
// publishers (noticeManagement, notificationManagement: the same document, one kind each, with a
// preview and the read receipts), and each reader's own copies (notice/noticeMore) opening the
// reader (notice/noticeDesc) on both sides; shared files (commonFileList) and each reader's
// copies (commonFile/myFiles) opening their files (commonFile/fileDesc).
import { type ScreenEntry, customScreen, entityScreens } from '@srm/platform-ui';
import { noticePreviewButton, noticeReceiptsButton } from './notice/notice.buttons';
import { commonFileDownloadsButton } from './common-file/common-file.buttons';

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

const [myFiles] = entityScreens(
  'notice',
  'srmCommonFileCopy',
  () => definitions().then((m) => m.commonFileCopy),
  { list: 'commonFile/myFiles' },
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
  // Shared files: the publisher's list and form; each reader's copies open the reader.
  ...entityScreens('notice', 'srmCommonFile', () => definitions().then((m) => m.commonFile), {
    list: 'commonFileList',
    edit: 'commonFileEdit',
    listTitle: 'menu.COMMON_FILE_LIST',
    editButtons: [commonFileDownloadsButton],
  }),
  { ...myFiles!, editPath: 'commonFile/fileDesc' },
  {
    ...customScreen(
      'notice',
      'commonFile/fileDesc',
      'entity.srmCommonFileCopy',
      () => import('./common-file-copy/CommonFileDesc'),
      { menu: false },
    ),
    entityName: 'srmCommonFileCopy',
  },
];
