// The buttons of an auction (web), the buyer's side: 竞价大厅 opens the live board
// (AuctionBoard.tsx) and 出价记录 the bid log (AuctionBidLog.tsx), each loaded on first use, for
// the auction's owner and its jury (the endpoints answer nobody else).
import { type ComponentType, type ReactNode, Suspense, lazy, useState } from 'react';
import { FundViewOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type EditButton, type EditButtonProps, useLabels, useSession } from '@srm/platform-ui';
import { OPENED_AUCTION_STATES } from './auction.entity';

type Row = Readonly<Record<string, unknown>>;

const AuctionBoard = lazy(() => import('./AuctionBoard'));
const AuctionBidLog = lazy(() => import('./AuctionBidLog'));

/** The owner or a jury member (when the row says who they are). */
function onBoard(row: Row, userId: number | undefined): boolean {
  if (userId === undefined) return true;
  const jury = Array.isArray(row.jury) ? row.jury : [];
  return (
    Number(row.createdBy) === userId ||
    jury.some(
      (member) =>
        !!member && typeof member === 'object' && 'userId' in member && Number(member.userId) === userId,
    )
  );
}

/** Published or later: there is a hall to look at. */
const HALL_STATES = ['PUBLISHED', 'RUNNING', 'CLOSED', ...OPENED_AUCTION_STATES, 'CANCELLED'];

function dialogButton(action: string, icon: ReactNode, Dialog: ComponentType<{ row: Row; onClose(): void }>) {
  return function DialogButton({ entity, row, disabled }: EditButtonProps) {
    const labels = useLabels();
    const { side, userId } = useSession();
    const [open, setOpen] = useState(false);
    if (side !== 'internal' || !onBoard(row, userId) || !HALL_STATES.includes(String(row.status)))
      return null;
    return (
      <>
        <Button icon={icon} disabled={disabled} onClick={() => setOpen(true)}>
          {labels.action(entity.name, action)}
        </Button>
        {open && (
          <Suspense fallback={null}>
            <Dialog row={row} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </>
    );
  };
}

/** The hall endpoint asks for the auction's read grant. */
export const auctionHallButton: EditButton = {
  key: 'hall',
  resource: 'srmAuction.view',
  component: dialogButton('hall', <FundViewOutlined />, AuctionBoard),
};

export const auctionHistoryButton: EditButton = {
  key: 'history',
  resource: 'srmAuction.view',
  component: dialogButton('history', <HistoryOutlined />, AuctionBidLog),
};
