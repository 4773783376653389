// A reader's own copy of a shared file (commonFile/fileDesc): the entry's description and files,
// read on the authority of the copy. Another user's copy, or one withdrawn, does not exist for
// the caller (404); the files themselves are then refused by the file service too. Outside its
// effective and expiry dates a copy opens to nothing (404, saying from or until when).
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { type RowOf, formatDate, ref } from '@srm/kernel';
import { commonFile } from '../common-file/common-file.entity';
import { commonFileCopy } from './common-file-copy.entity';

/** Why a copy is not to be read today (before its effective date, after its expiry), or null. */
export function outOfDate(
  data: Pick<DataApi, 'now' | 'runtime'>,
  copy: Pick<RowOf<typeof commonFileCopy>, 'effectiveDate' | 'expiryDate'>,
): AppError | null {
  const today = formatDate(data.now.getTime(), data.runtime.timeZone);
  if (copy.effectiveDate && copy.effectiveDate > today)
    return new AppError(404, 'srmCommonFileCopy.notYet', { date: copy.effectiveDate });
  if (copy.expiryDate && copy.expiryDate < today)
    return new AppError(404, 'srmCommonFileCopy.expired', { date: copy.expiryDate });
  return null;
}

export const commonFileCopyEndpoints = defineEndpoints(commonFileCopy, {
  open: endpoint({
    summary: "Opens the caller's copy of a shared file: the copy with the entry's current files",
    input: { copyId: ref('srmCommonFileCopy', { required: true }) },
    scope: commonFileCopy,
    resource: 'read',
    sides: ['internal', 'supplier'],
    async handle(data, input) {
      const copy = await data.find(commonFileCopy, input.copyId);
      const refused = outOfDate(data, copy);
      if (refused) throw refused;
      const entry = await data
        .system('a reader reads the files of the entry their own copy points at')
        .find(commonFile, copy.commonFileId);
      return { data: { copy, attachmentIds: entry.attachmentIds } };
    },
  }),
});
