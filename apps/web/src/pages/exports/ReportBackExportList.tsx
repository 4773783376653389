// reportBackExportList (opened with ?exportNum=): the list of background exports. Background
// export arrives with the export feature; until then the route exists and says so plainly.
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreen } from '@srm/platform-ui';

export default function ReportBackExportList() {
  const { t } = useTranslation();
  const exportNum = useScreen().params.get('exportNum');
  return (
    <Card size="small">
      <Result
        icon={<CloudDownloadOutlined style={{ color: '#1677ff' }} />}
        title={t('exports.title')}
        subTitle={
          <>
            <div>{t('exports.notYet')}</div>
            {exportNum && <div style={{ marginTop: 8 }}>{t('exports.requested', { exportNum })}</div>}
          </>
        }
      />
    </Card>
  );
}
