// The buttons that make an order from requisition lines (由申请创建), on the buyer's side only:
// 创建采购订单 on the demand pool for the rows chosen and on an approved requisition for its open
// lines, and 由申请创建 beside 新建 on the order list to pick lines from the pool. Each opens the
// dialog of OrderFromRequisition.tsx, loaded on first use.
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
import type { GivenLines } from './OrderFromRequisition';

const OrderFromRequisition = lazy(() => import('./OrderFromRequisition'));

/** The grant the buttons need: the order's createFromRequisition endpoint. */
const RESOURCE = 'srmPoHeader.createFromRequisition';

type Row = Readonly<Record<string, unknown>>;

interface DialogButtonProps {
  readonly label: string;
  readonly given?: GivenLines;
  readonly disabled?: boolean;
  readonly primary?: boolean;
  onCreated?(): void;
}

function DialogButton({ label, given, disabled, primary, onCreated }: DialogButtonProps) {
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'internal') return null;
  return (
    <>
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<FileAddOutlined />}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OrderFromRequisition
            {...(given ? { given } : {})}
            onClose={() => setOpen(false)}
            {...(onCreated ? { onCreated } : {})}
          />
        </Suspense>
      )}
    </>
  );
}

const headerIdsOf = (rows: readonly Row[]) => [
  ...new Set(rows.map((row) => Number(row.requisitionHeaderId))),
];

/** 需求汇总: an order from the pooled lines chosen. */
function FromPoolButton({ selected, clearSelection }: ListButtonProps) {
  const labels = useLabels();
  return (
    <DialogButton
      label={labels.t('purchasing.fromRequisition.create')}
      primary
      disabled={!selected.length}
      given={{
        requisitionHeaderIds: headerIdsOf(selected),
        lineIds: selected.map((row) => Number(row.requisitionLineId)),
      }}
      onCreated={clearSelection}
    />
  );
}

/** An approved requisition: an order from what remains open on its lines. */
function FromRequisitionButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const lines: unknown[] = Array.isArray(row.lines) ? row.lines : [];
  const open = lines.some(
    (line) =>
      typeof line === 'object' && line !== null && 'demandStatus' in line && line.demandStatus === 'POOLED',
  );
  if (row.status !== 'APPROVED' || !open) return null;
  return (
    <DialogButton
      label={labels.t('purchasing.fromRequisition.create')}
      disabled={disabled}
      given={{ requisitionHeaderIds: [Number(row.requisitionHeaderId)] }}
    />
  );
}

/** The order list: pick lines from the whole pool. */
function PickButton() {
  const labels = useLabels();
  return <DialogButton label={labels.action('srmPoHeader', 'createFromRequisition')} />;
}

export const orderFromPoolButton: ListButton = {
  key: 'createFromRequisition',
  resource: RESOURCE,
  component: FromPoolButton,
};

export const orderFromRequisitionButton: EditButton = {
  key: 'createFromRequisition',
  resource: RESOURCE,
  component: FromRequisitionButton,
};

export const orderFromPickedLinesButton: ListButton = {
  key: 'createFromRequisition',
  resource: RESOURCE,
  component: PickButton,
};
