// The statement screens' own buttons, each opening its dialog loaded on first use: 生成对账单
// beside 新建 on the buyer's list (StatementGenerate.tsx), and 按对账单开票 on the supplier's
// confirmed statement and 按订单开票 on its invoice list (StatementInvoice.tsx).
import { Suspense, lazy, useState } from 'react';
import { FileAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import {
  type EditButton,
  type EditButtonProps,
  type ListButton,
  type ListButtonProps,
  useLabels,
  useSession,
} from '@srm/platform-ui';

const StatementGenerate = lazy(() => import('./StatementGenerate'));
const StatementInvoice = lazy(() => import('./StatementInvoice'));

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

function InvoiceButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'supplier' || row.status !== 'CONFIRMED') return null;
  return (
    <>
      <Button type="primary" disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmStlInvoiceHeader', 'createFromStatement')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <StatementInvoice accountHeaderId={Number(row.accountHeaderId)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const statementInvoiceButton: EditButton = {
  key: 'createFromStatement',
  resource: 'srmStlInvoiceHeader.createFromStatement',
  component: InvoiceButton,
};

/** 按订单开票 on the supplier's invoice list, where its organisation allows invoicing by order. */
function InvoiceByOrderButton() {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'supplier') return null;
  return (
    <>
      <Button icon={<FileAddOutlined />} onClick={() => setOpen(true)} data-testid="invoice-by-order">
        {labels.action('srmStlInvoiceHeader', 'createFromOrders')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <StatementInvoice onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const invoiceListButtons: ListButton[] = [
  {
    key: 'createFromOrders',
    resource: 'srmStlInvoiceHeader.createFromOrders',
    component: InvoiceByOrderButton,
  },
];
