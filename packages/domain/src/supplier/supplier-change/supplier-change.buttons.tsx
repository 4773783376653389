// The buttons of change info (web): 变更对比 on a saved change opens its field-level diff
// (ChangeDiff.tsx), for the buyer and for the supplier alike.
import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import type { EditButton, EditButtonProps } from '@srm/platform-ui';
import { useLabels } from '@srm/platform-ui';

const ChangeDiff = lazy(() => import('./ChangeDiff'));

function DiffButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DiffOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'findDiff')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ChangeDiff entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Reading the diff needs the change's view grant. */
export const supplierChangeButtons: EditButton[] = [
  { key: 'findDiff', resource: 'srmSupplierChange.view', component: DiffButton },
];
