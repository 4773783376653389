// The buttons of an inquiry (web): 报价对比 on a saved inquiry opens the quotation comparison
// (InquiryComparison.tsx, loaded on first use) — before opening who answered and when, after it
// the prices of every supplier side by side. The buyer's side only.
import { Suspense, lazy, useState } from 'react';
import { BarChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type EditButton, type EditButtonProps, useLabels, useSession } from '@srm/platform-ui';

const InquiryComparison = lazy(() => import('./InquiryComparison'));

function ComparisonButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'internal') return null;
  return (
    <>
      <Button icon={<BarChartOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'comparison')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InquiryComparison entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The comparison endpoint asks for the inquiry's read grant. */
export const comparisonButton: EditButton = {
  key: 'comparison',
  resource: 'srmInquiry.view',
  component: ComparisonButton,
};
