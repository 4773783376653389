// A reader's own copy of a shared file (commonFile/fileDesc): the entry's description and files,
// read on the authority of the copy. Another user's copy, or one withdrawn, does not exist for
// the caller (404); the files themselves are then refused by the file service too.
import { defineEndpoints, endpoint } from '@srm/platform';
import { ref } from '@srm/kernel';
import { commonFile } from '../common-file/common-file.entity';
import { commonFileCopy } from './common-file-copy.entity';

export const commonFileCopyEndpoints = defineEndpoints(commonFileCopy, {
  open: endpoint({
    summary: "Opens the caller's copy of a shared file: the copy with the entry's current files",
    input: { copyId: ref('srmCommonFileCopy', { required: true }) },
    scope: commonFileCopy,
    resource: 'read',
    sides: ['internal', 'supplier'],
    async handle(data, input) {
      const copy = await data.find(commonFileCopy, input.copyId);
      const entry = await data
        .system('a reader reads the files of the entry their own copy points at')
        .find(commonFile, copy.commonFileId);
      return { data: { copy, attachmentIds: entry.attachmentIds } };
    },
  }),
});
