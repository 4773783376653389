// The buttons of an inquiry (web): 报价对比 on a saved inquiry opens the quotation comparison
// (InquiryComparison.tsx, loaded on first use) — before opening who answered and when, after it
// the prices of every supplier side by side. 发起新一轮报价 on an opened inquiry asks chosen
// suppliers for chosen materials again (InquiryRequote.tsx). The buyer's side only.
import { Suspense, lazy, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BarChartOutlined, RedoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type EditButton, type EditButtonProps, useApi, useLabels, useSession } from '@srm/platform-ui';
import { comparisonPage } from './comparisonQuery';

const loadComparison = () => import('./InquiryComparison');
const InquiryComparison = lazy(loadComparison);
const InquiryRequote = lazy(() => import('./InquiryRequote'));

function ComparisonButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  const api = useApi();
  const queryClient = useQueryClient();
  if (side !== 'internal') return null;
  // The first page is asked for at the click, while the dialog's code loads (fetched on hover).
  const show = () => {
    void queryClient.prefetchQuery(comparisonPage(api, entity, row, 1));
    setOpen(true);
  };
  return (
    <>
      <Button
        icon={<BarChartOutlined />}
        disabled={disabled}
        onMouseEnter={() => void loadComparison()}
        onFocus={() => void loadComparison()}
        onClick={show}
      >
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

function RequoteButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  // Offered where the action starts from, before an award is prepared (the server checks both).
  if (side !== 'internal' || row.status !== 'OPENED' || row.awardId) return null;
  return (
    <>
      <Button icon={<RedoOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'doRequote')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InquiryRequote entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The action's own resource code decides who sees it. */
export const requoteButton: EditButton = {
  key: 'doRequote',
  resource: 'srmInquiry.doRequote',
  component: RequoteButton,
};
