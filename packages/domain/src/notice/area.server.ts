// Notices on the server: the behaviour of notices and receivers' copies, the publishing approval,
// who reads a notice's files (its receivers too) and the demo notices; shared files, their
// readers' copies and their counted downloads.
import { type ApprovalTemplatePlan, defineServerArea } from '@srm/platform';
import { noticeArea } from './area';
import { noticeActions } from './notice/notice.actions';
import { NOTICE_PROCESS, notice } from './notice/notice.entity';
import { noticeEndpoints } from './notice/notice.endpoints';
import { noticeReceiver } from './receiver/receiver.entity';
import { receiverEndpoints } from './receiver/receiver.endpoints';
import { commonFileSeed, noticeProgramSeed, noticeSeed } from './notice.seed';
import { remindNotifications } from './notice/remind';
import { commonFile } from './common-file/common-file.entity';
import { commonFileActions, countDownload } from './common-file/common-file.actions';
import { commonFileEndpoints } from './common-file/common-file.endpoints';
import { commonFileCopy } from './common-file-copy/common-file-copy.entity';
import { commonFileCopyEndpoints, outOfDate } from './common-file-copy/common-file-copy.endpoints';

const noticeApprovals: ApprovalTemplatePlan[] = [
  {
    processKey: NOTICE_PROCESS,
    entityName: notice.name,
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
];

export const noticeServer = defineServerArea(noticeArea, {
  actions: [
    noticeActions,
    noticeEndpoints,
    receiverEndpoints,
    commonFileActions,
    commonFileEndpoints,
    commonFileCopyEndpoints,
  ],
  seeds: [noticeSeed, noticeProgramSeed, commonFileSeed],
  executables: { NOTICE_REMIND: remindNotifications },
  approvalTemplates: noticeApprovals,
  fileReaders: {
    // A receiver reads the files of the notice their own (published) copy points at.
    [notice.name]: async (data, noticeId) =>
      (await data.list(noticeReceiver, { noticeId }, { limit: 1 })).length > 0,
    // A reply's files are read by the receiver (their own copy) and by whoever reads the notice.
    [noticeReceiver.name]: async (data, receiverId) => {
      const [copy] = await data
        .system('the notice a reply belongs to, to ask whether the caller reads that notice')
        .list(noticeReceiver, { receiverId }, { limit: 1 });
      if (!copy || data.actor.side !== 'internal') return false;
      return (await data.list(notice, { noticeId: copy.noticeId }, { limit: 1 }).catch(() => [])).length > 0;
    },
    // A reader downloads the files of a shared file their own (published) copy points at, between
    // its effective and expiry dates.
    [commonFile.name]: async (data, commonFileId) =>
      (await data.list(commonFileCopy, { commonFileId }, { limit: 1 })).some(
        (copy) => !outOfDate(data, copy),
      ),
  },
  fileDownloads: { [commonFile.name]: countDownload },
});
