// The buttons of a supplier's auction entry (web): 进入竞价大厅 opens the live hall
// (AuctionEntryHall.tsx, loaded on first use) once the supplier confirmed participation.
import { Suspense, lazy, useState } from 'react';
import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type EditButton, type EditButtonProps, useLabels, useSession } from '@srm/platform-ui';

const AuctionEntryHall = lazy(() => import('./AuctionEntryHall'));

function HallButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'supplier') return null;
  const confirmed = row.status === 'CONFIRMED';
  return (
    <>
      <Tooltip title={confirmed ? undefined : labels.t('srmAuctionEntry.hall.confirmFirst')}>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={disabled || !confirmed}
          onClick={() => setOpen(true)}
        >
          {labels.action(entity.name, 'hall')}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <AuctionEntryHall row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The hall endpoint asks for the entry's read grant. */
export const entryHallButton: EditButton = {
  key: 'hall',
  resource: 'srmAuctionEntry.view',
  component: HallButton,
};
