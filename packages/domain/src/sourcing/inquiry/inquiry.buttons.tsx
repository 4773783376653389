// The buttons of an inquiry (web): 报价对比 on a saved inquiry opens the quotation comparison
// (InquiryComparison.tsx, loaded on first use) — before opening who answered and when, after it
// the prices of every supplier side by side; 由申请创建 on the list makes a draft inquiry of an
// approved requisition's open lines (InquiryFromRequisition.tsx). The buyer's side only.
import { Suspense, lazy, useState } from 'react';
import { BarChartOutlined, FileAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import {
  type EditButton,
  type EditButtonProps,
  type ListButton,
  useLabels,
  useSession,
} from '@srm/platform-ui';

const InquiryComparison = lazy(() => import('./InquiryComparison'));
const InquiryFromRequisition = lazy(() => import('./InquiryFromRequisition'));

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

function FromRequisitionButton() {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'internal') return null;
  return (
    <>
      <Button icon={<FileAddOutlined />} onClick={() => setOpen(true)}>
        {labels.action('srmInquiry', 'createFromRequisition')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InquiryFromRequisition onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** 由申请创建, beside 新建 on the inquiry list. */
export const fromRequisitionButton: ListButton = {
  key: 'createFromRequisition',
  resource: 'srmInquiry.createFromRequisition',
  component: FromRequisitionButton,
};
