// 工商信息核验 on a registration under review and on a supplier's master (web): opens the legal data
// beside the business register's record of the credit code (BusinessInfoCheck).
import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { EditButton, EditButtonProps } from '@srm/platform-ui';
import { useLabels } from '@srm/platform-ui';

const BusinessInfoCheck = lazy(() => import('./BusinessInfoCheck'));

function CheckButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.t('srmSupplierInfo.bizInfo.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BusinessInfoCheck entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The button for an entity with a credit code and the legal fields (its read grant suffices). */
export const businessInfoButton = (entityName: string): EditButton => ({
  key: 'checkBusinessInfo',
  resource: `${entityName}.view`,
  component: CheckButton,
});
