// 生成对账单 beside 新建 on the buyer's statement list: opens the dialog of StatementGenerate.tsx,
// loaded on first use.
import { Suspense, lazy, useState } from 'react';
import { FileAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ListButton, type ListButtonProps, useLabels, useSession } from '@srm/platform-ui';

const StatementGenerate = lazy(() => import('./StatementGenerate'));

function GenerateButton({ entity }: ListButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'internal') return null;
  return (
    <>
      <Button type="primary" icon={<FileAddOutlined />} onClick={() => setOpen(true)}>
        {labels.t('settlement.generate.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <StatementGenerate entity={entity} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const statementListButtons: ListButton[] = [
  { key: 'generate', resource: 'srmStlAccountHeader.generate', component: GenerateButton },
];
