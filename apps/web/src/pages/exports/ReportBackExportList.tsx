// reportBackExportList (opened with ?exportNum=): the user's background exports, with progress,
// status and the file to download once written.
import { BackExportList, useScreen } from '@srm/platform-ui';

export default function ReportBackExportList() {
  const exportNum = useScreen().params.get('exportNum');
  return <BackExportList exportNum={exportNum} />;
}
