// Notices' definitions, for other areas and their screens.
export { noticeArea } from './area';
export { noticeConfig, NOTICE_KINDS } from './notice-config/notice-config.entity';
export { notice, NOTICE_PROCESS } from './notice/notice.entity';
export { noticeTarget } from './notice/notice-target.entity';
export { noticeReceiver } from './receiver/receiver.entity';
export { commonFile, COMMON_FILE_TYPES } from './common-file/common-file.entity';
export { commonFileTarget } from './common-file/common-file-target.entity';
export { commonFileCopy } from './common-file-copy/common-file-copy.entity';
