// The button of an award (web): 下达预览 opens what its approval will write to purchasing
// (HandOffPreview.tsx, loaded on first use). The buyer's side only; the preview endpoint asks for
// the award's read grant.
import { Suspense, lazy, useState } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type EditButton, type EditButtonProps, useLabels, useSession } from '@srm/platform-ui';

const HandOffPreview = lazy(() => import('./HandOffPreview'));

function PreviewButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'internal' || !row[entity.key]) return null;
  return (
    <>
      <Button icon={<EyeOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'handOffPreview')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <HandOffPreview entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const handOffPreviewButton = (entityName: string): EditButton => ({
  key: 'handOffPreview',
  resource: `${entityName}.view`,
  component: PreviewButton,
});
