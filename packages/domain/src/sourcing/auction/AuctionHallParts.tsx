// What both halls of an auction share in the browser: the live snapshot (the REST snapshot, then
// the hall's frames on the workspace's socket, newer sequence wins, re-read on every reconnect),
// the phase computed from the view and the server's clock (never the browser's own), the big
// countdown, the banner of a moved end and the connection's state. The supplier's hall
// (../auction-entry/AuctionEntryHall.tsx) and the buyer's board (AuctionBoard.tsx) build on it.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Flex, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { dateParts, formatDateTime } from '@srm/kernel';
import { OPENED_AUCTION_STATES } from './auction.entity';
import {
  type Labels,
  type RealtimeFrame,
  type ServerClock,
  useApi,
  useHall,
  useLabels,
  useServerClock,
  useSession,
} from '@srm/platform-ui';

/** What every view of the hall carries (auction.hall.ts `head`). */
export interface HallHead {
  readonly auctionNum: string | null;
  readonly title: string;
  readonly status: string;
  readonly auctionMode: string;
  /** PRICE, or TRANSFORMED (ranked by price × each supplier's factor). */
  readonly rankBasis: string;
  /** Confirmed suppliers may submit a sealed initial bid before the start. */
  readonly initialBids: boolean;
  readonly bidBasis: string;
  readonly currencyCode: unknown;
  readonly precision: number;
  readonly startDate: number;
  readonly endDate: number;
  readonly plannedEndDate: number | null;
  readonly extendCount: number;
  readonly decrementType: string;
  readonly decrementValue: number;
  readonly decrementBasis: string;
  readonly largeDropPercent: number | null;
  /** Enough suppliers confirmed: with fewer, the hall takes no bid even between its times. */
  readonly enoughSuppliers: boolean;
}

/** A hall endpoint's answer: the view, its sequence, the server's time and the socket's pass. */
export interface HallSnapshot<View> {
  readonly hall: string;
  readonly seq: number;
  readonly serverNow: number;
  readonly pass: string | null;
  readonly view: View;
}

export const HALL = 'srmAuction.hall';

/** The hall's phase: not a status — a published or running auction takes bids between its times. */
export type HallPhase = 'draft' | 'waiting' | 'running' | 'ended' | 'opened' | 'cancelled';

const BIDDING = ['PUBLISHED', 'RUNNING'];

export function phaseOf(
  view: Pick<HallHead, 'status' | 'startDate' | 'endDate'> & { readonly enoughSuppliers?: boolean },
  serverNow: number,
): HallPhase {
  if (BIDDING.includes(view.status)) {
    if (serverNow >= view.endDate) return 'ended';
    // Too few confirmed: it waits (and the program cancels or closes it), as the server refuses bids.
    return serverNow < view.startDate || view.enoughSuppliers === false ? 'waiting' : 'running';
  }
  if (view.status === 'CLOSED') return 'ended';
  if (OPENED_AUCTION_STATES.includes(view.status)) return 'opened';
  if (view.status === 'CANCELLED') return 'cancelled';
  return 'draft';
}

const PHASE_COLORS: Readonly<Record<HallPhase, string>> = {
  draft: 'default',
  waiting: 'blue',
  running: 'green',
  ended: 'default',
  opened: 'purple',
  cancelled: 'red',
};

/** `hh:mm:ss`, with days in front when a day or more is left. */
export function countdownText(ms: number, labels: Pick<Labels, 't'>): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(Math.floor((seconds % 86_400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return days ? labels.t(`${HALL}.days`, { days, clock }) : clock;
}

/** HH:mm:ss of a moment in the company's zone, with the date in front when it is not today's. */
export function timeOf(ms: number, timeZone: string, today: number): string {
  const p = dateParts(ms, timeZone);
  const sameDay = formatDateTime(ms, timeZone).slice(0, 10) === formatDateTime(today, timeZone).slice(0, 10);
  return sameDay ? `${p.HH}:${p.mm}:${p.ss}` : formatDateTime(ms, timeZone);
}

/** The server's time now, re-read four times a second. */
export function useServerNow(clock: ServerClock): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

/**
 * A bid's reason: in full with the bound it named where the log kept it, else in short (a sealed
 * auction's refusals keep no bound).
 */
export function reasonText(
  labels: Labels,
  reason: string | null,
  params?: Readonly<Record<string, string | number>> | null,
): string {
  if (!reason) return '';
  if (params && Object.keys(params).length) return labels.t(reason, params);
  const short = `${HALL}.reason.${reason.replace(/^srmAuction\.bid\./, '')}`;
  return labels.t(short in labels.catalogue[labels.locale] ? short : reason);
}

export interface LiveHall<S extends HallSnapshot<unknown>> {
  /** The latest snapshot, its view replaced by a newer live one. */
  readonly snapshot: S | undefined;
  readonly error: Error | null;
  readonly loading: boolean;
  /** Socket open and this hall subscribed. */
  readonly live: boolean;
  readonly clock: ServerClock;
  /** Reads the snapshot again (after one's own bid). */
  refresh(): void;
}

/**
 * The hall of an auction, live: the REST snapshot first (it measures the server's clock), then the
 * hall's frames; a frame no newer than what is shown is ignored; a reconnect re-reads the snapshot,
 * whose new pass subscribes again.
 */
export function useLiveHall<S extends HallSnapshot<unknown>>(
  path: string,
  body: Readonly<Record<string, unknown>>,
): LiveHall<S> {
  const api = useApi();
  const clock = useServerClock();
  const query = useQuery({
    queryKey: ['auctionHall', path, body],
    queryFn: async () => {
      const t0 = Date.now();
      const answer = await api.post<S>(path, body);
      if (answer.status !== 'S') throw new Error(answer.msg);
      clock.measure(t0, Date.now(), answer.data.serverNow);
      return answer.data;
    },
    // The hall keeps itself fresh; a re-read happens on reconnect and after one's own bid.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const [frame, setFrame] = useState<{ hall: string; seq: number; view: unknown } | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const data = query.data;
  const shownSeq = Math.max(data?.seq ?? -1, frame && frame.hall === data?.hall ? frame.seq : -1);
  const shown = useRef(shownSeq);
  shown.current = shownSeq;
  const { refetch } = query;
  // The subscription keeps its pass: a re-read after one's own bid does not subscribe again; a
  // reconnect, a resync or a refused pass takes the next snapshot's.
  const [pass, setPass] = useState<string | null>(null);
  const renew = useRef(true);
  const lastRenewal = useRef(0);
  useEffect(() => {
    if (data?.pass && renew.current) {
      renew.current = false;
      setPass(data.pass);
    }
  }, [data]);
  const again = useCallback(() => {
    renew.current = true;
    setSubscribed(false);
    lastRenewal.current = Date.now();
    void refetch();
  }, [refetch]);
  const open = useHall(data?.hall ?? null, pass, (received: RealtimeFrame) => {
    if (received.type === 'hello' || received.type === 'resync') again();
    else if (received.type === 'subscribed') setSubscribed(true);
    // An expired pass (the socket came back after minutes): a new one, at most every 10 s.
    else if (received.type === 'hallError') {
      setSubscribed(false);
      if (Date.now() - lastRenewal.current > 10_000) again();
    } else if (
      received.type === 'hall' &&
      typeof received.seq === 'number' &&
      typeof received.hall === 'string'
    ) {
      if (received.seq <= shown.current || received.view === null || received.view === undefined) return;
      shown.current = received.seq;
      setFrame({ hall: received.hall, seq: received.seq, view: received.view });
    }
  });
  const refresh = useCallback(() => void refetch(), [refetch]);
  const snapshot =
    data && frame && frame.hall === data.hall && frame.seq > data.seq ? { ...data, view: frame.view } : data;
  return {
    snapshot,
    error: query.error,
    loading: query.isPending,
    live: open && subscribed,
    clock,
    refresh,
  };
}

export function PhaseTag({ phase }: { phase: HallPhase }) {
  const labels = useLabels();
  return (
    <Tag color={PHASE_COLORS[phase]} style={{ fontSize: 14, lineHeight: '24px', paddingInline: 10 }}>
      {labels.t(`${HALL}.phase.${phase}`)}
    </Tag>
  );
}

export function ConnectionTag({ live }: { live: boolean }) {
  const labels = useLabels();
  return (
    <Tooltip title={labels.t(`${HALL}.${live ? 'liveHint' : 'reconnectingHint'}`)}>
      <Tag color={live ? 'success' : 'warning'} data-testid="hall-connection">
        <span
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 4,
            marginRight: 6,
            background: live ? '#52c41a' : '#faad14',
          }}
        />
        {labels.t(`${HALL}.${live ? 'live' : 'reconnecting'}`)}
      </Tag>
    </Tooltip>
  );
}

/** The big countdown: to the start while waiting, to the end while running, the end time after. */
export function Countdown({ view, now }: { view: HallHead; now: number }) {
  const labels = useLabels();
  const { timeZone } = useSession();
  const phase = phaseOf(view, now);
  const target = phase === 'waiting' ? view.startDate : view.endDate;
  const urgent = phase === 'running' && view.endDate - now < 5 * 60_000;
  const label =
    phase === 'waiting' ? `${HALL}.toStart` : phase === 'running' ? `${HALL}.toEnd` : `${HALL}.endedAt`;
  return (
    <div style={{ textAlign: 'right', minWidth: 220 }} data-testid="hall-countdown">
      <Typography.Text type="secondary">
        <ClockCircleOutlined style={{ marginRight: 6 }} />
        {labels.t(label)}
      </Typography.Text>
      <div
        style={{
          fontSize: 32,
          lineHeight: '40px',
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          color: urgent ? '#cf1322' : phase === 'running' ? '#1677ff' : 'rgba(0, 0, 0, 0.45)',
        }}
      >
        {phase === 'waiting' || phase === 'running'
          ? countdownText(target - now, labels)
          : formatDateTime(view.endDate, timeZone).slice(11)}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {labels.t(`${HALL}.serverTime`, { time: timeOf(now, timeZone, now) })}
      </Typography.Text>
    </div>
  );
}

/** The end moved later (an extension, or the buyer's adjustment): said once in a toast, kept in a banner. */
export function ExtensionBanner({ view, now }: { view: HallHead; now: number }) {
  const labels = useLabels();
  const { message } = App.useApp();
  const { timeZone } = useSession();
  const text =
    view.extendCount > 0
      ? labels.t(`${HALL}.extended`, { time: timeOf(view.endDate, timeZone, now), count: view.extendCount })
      : view.plannedEndDate !== null && view.endDate > view.plannedEndDate
        ? labels.t(`${HALL}.endMoved`, { time: timeOf(view.endDate, timeZone, now) })
        : null;
  const lastEnd = useRef(view.endDate);
  useEffect(() => {
    if (view.endDate > lastEnd.current && text) void message.warning(text);
    lastEnd.current = view.endDate;
  }, [view.endDate, text, message]);
  if (!text) return null;
  return (
    <Alert type="warning" showIcon title={text} style={{ marginBottom: 12 }} data-testid="hall-extended" />
  );
}

/** The header of a hall: number and title, phase, connection, and the countdown on the right. */
export function HallHeader({
  view,
  now,
  live,
  children,
}: {
  view: HallHead;
  now: number;
  live: boolean;
  children?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="flex-start" gap={24} style={{ marginBottom: 12 }}>
      <div style={{ minWidth: 0 }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: view.title }}>
            {view.title}
          </Typography.Title>
          <PhaseTag phase={phaseOf(view, now)} />
          <ConnectionTag live={live} />
        </Flex>
        <div style={{ marginTop: 8 }}>{children}</div>
      </div>
      <Countdown view={view} now={now} />
    </Flex>
  );
}

/** A label and its value, side by side in the header. */
/** An information line above a hall's table (what the rules of this auction mean for the reader). */
export function HallNote({ title, testId }: { title: string; testId?: string }) {
  return <Alert type="info" showIcon title={title} style={{ marginBottom: 12 }} data-testid={testId} />;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  const { locale } = useLabels();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">
        {label}
        {locale === 'en' ? ': ' : '：'}
      </Typography.Text>
      <Typography.Text>{children}</Typography.Text>
    </span>
  );
}

/** The minimum step as the rules read: "0.01（按自己上次出价）" / "0.5%（按当前最低价）". */
export function stepText(view: HallHead, labels: Labels): string {
  const value = view.decrementType === 'PERCENT' ? `${view.decrementValue}%` : String(view.decrementValue);
  return labels.t(`${HALL}.step`, {
    value,
    basis: labels.code('SRC_DECREMENT_BASIS', view.decrementBasis),
  });
}
