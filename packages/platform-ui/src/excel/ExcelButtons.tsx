// The Excel part of a list toolbar: 导出 when the responsibility grants `<entity>.export`, 导入
// when it grants `<entity>.import` and the user's side writes the entity.
import { useState } from 'react';
import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { EntityDef } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { useGranted, useSession } from '../context/session';
import { operationResource, readOnlyReason } from '../workflow/workflow';
import { ExportButton, type ExportButtonProps } from './ExportButton';
import { ImportDialog } from './ImportDialog';

export type ExcelButtonsProps = ExportButtonProps;

export function ExcelButtons(props: ExcelButtonsProps) {
  const { entity } = props;
  const labels = useLabels();
  const may = useGranted();
  const { side } = useSession();
  const [importing, setImporting] = useState(false);
  const canExport = may(operationResource(entity, 'export'));
  const canImport =
    !entity.parent && !readOnlyReason(entity, null, side) && may(operationResource(entity, 'import'));
  return (
    <>
      {canExport && <ExportButton {...props} />}
      {canImport && (
        <>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {labels.t('ui.excel.import')}
          </Button>
          <ImportDialog entity={entity as EntityDef} open={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </>
  );
}
