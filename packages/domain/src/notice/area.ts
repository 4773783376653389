// Notices (公告与通知): notice types, notices and notifications with their audience, and each
// receiver's copy with its reads, confirmation and reply. The area's manifest: entities, labels,
// menus and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { noticeConfig } from './notice-config/notice-config.entity';
import { notice } from './notice/notice.entity';
import { noticeReceiver } from './receiver/receiver.entity';
import { commonFile } from './common-file/common-file.entity';
import { commonFileCopy } from './common-file-copy/common-file-copy.entity';

export const noticeArea = defineArea({
  name: 'notice',
  entities: [noticeConfig, notice, noticeReceiver, commonFile, commonFileCopy],
  messages: { 'zh-CN': zhCN, en },
  // Directory codes are not lookup codes of the area (NOTICE is a kind of notice).
  directories: [
    { code: 'NOTICES', side: 'internal', icon: 'notification', order: 70 },
    { code: 'EXT_NOTICES', side: 'external', icon: 'notification', order: 70 },
  ],
  menus: [
    {
      code: 'NOTICE_MANAGEMENT',
      side: 'internal',
      under: 'NOTICES',
      path: 'noticeManagement',
      entity: 'srmNotice',
      order: 10,
    },
    {
      code: 'NOTIFICATION_MANAGEMENT',
      side: 'internal',
      under: 'NOTICES',
      path: 'notificationManagement',
      entity: 'srmNotice',
      order: 20,
    },
    {
      code: 'NOTICE_MORE',
      side: 'internal',
      under: 'NOTICES',
      path: 'notice/noticeMore',
      entity: 'srmNoticeReceiver',
      order: 30,
    },
    {
      code: 'NOTICE_CONFIG',
      side: 'internal',
      under: 'NOTICES',
      path: 'noticeConfigList',
      entity: 'srmNoticeConfig',
      order: 40,
    },
    {
      code: 'COMMON_FILE_LIST',
      side: 'internal',
      under: 'NOTICES',
      path: 'commonFileList',
      entity: 'srmCommonFile',
      order: 35,
    },
    {
      code: 'COMMON_FILE_MINE',
      side: 'internal',
      under: 'NOTICES',
      path: 'commonFile/myFiles',
      entity: 'srmCommonFileCopy',
      order: 36,
    },
    {
      code: 'EXT_COMMON_FILE_MINE',
      side: 'external',
      under: 'EXT_NOTICES',
      path: 'commonFile/myFiles',
      entity: 'srmCommonFileCopy',
      order: 20,
    },
    {
      code: 'EXT_NOTICE_MORE',
      side: 'external',
      under: 'EXT_NOTICES',
      path: 'notice/noticeMore',
      entity: 'srmNoticeReceiver',
      order: 10,
    },
  ],
  grants: {
    BUYER: {
      NOTICE_MANAGEMENT: 'all',
      NOTIFICATION_MANAGEMENT: 'all',
      NOTICE_MORE: ['view'],
      NOTICE_CONFIG: ['view'],
      COMMON_FILE_LIST: 'all',
      COMMON_FILE_MINE: ['view'],
    },
    PURCHASE_MANAGER: {
      NOTICE_MANAGEMENT: ['view', 'export'],
      NOTIFICATION_MANAGEMENT: ['view', 'export'],
      NOTICE_MORE: ['view'],
      COMMON_FILE_LIST: ['view', 'export'],
      COMMON_FILE_MINE: ['view'],
    },
    FINANCE: { NOTICE_MORE: ['view'], COMMON_FILE_MINE: ['view'] },
    SUPPLIER_PORTAL: { EXT_NOTICE_MORE: ['view'], EXT_COMMON_FILE_MINE: ['view'] },
  },
});
