// The buttons of a supplier quit (web): 未完成业务 opens the quitting supplier's open orders and
// delivery notes (findOpenWork) — orders block the quit until they are closed or transferred.
import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import type { EditButton, EditButtonProps } from '@srm/platform-ui';
import { useLabels } from '@srm/platform-ui';

const OpenWork = lazy(() => import('./OpenWork'));

function OpenWorkButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UnorderedListOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'findOpenWork')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OpenWork entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const supplierQuitButtons: EditButton[] = [
  { key: 'findOpenWork', resource: 'srmSupplierQuit.view', component: OpenWorkButton },
];
