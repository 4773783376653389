// The browser's end of the websocket hub (/api/ws): one socket per signed-in tab, opened with a
// single-use ticket (the session header cannot travel on a websocket), opened again after it
// drops (0.5 s doubling to 30 s, at once when the tab becomes visible or the network returns).
// Frames are hints: on `message`, and on every (re)connect, the in-app messages are re-read, so
// a push lost while the socket was down loses nothing. Screens listen with `useRealtimeEvent`;
// a live screen (the auction hall) subscribes to its hall with `useHall` and sends frames with
// `useRealtimeSend`.
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../context/api';

export const REALTIME_TICKET_PATH = '/api/ws/v1/ticket';
export const REALTIME_SOCKET_PATH = '/api/ws';

/** A frame of the hub: its type, and what that type carries. */
export interface RealtimeFrame {
  readonly type: string;
  readonly [field: string]: unknown;
}

type Listener = (frame: RealtimeFrame) => void;
type StatusListener = (open: boolean) => void;

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** The socket and its listeners; `start` once signed in, `stop` on sign-out. */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<StatusListener>();
  private retryMs = FIRST_RETRY_MS;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private connecting = false;
  private stopped = true;

  constructor(
    private readonly api: ApiClient,
    private readonly socketUrl: () => string = defaultSocketUrl,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    document.addEventListener('visibilitychange', this.now);
    window.addEventListener('online', this.now);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.now);
    window.removeEventListener('online', this.now);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    if (socket) this.status(false);
  }

  /** Calls the listener with every frame; answers the function that stops it. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls the listener whenever the socket opens (true) or drops (false). */
  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Whether the socket is open now. */
  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a frame to the hub when the socket is open; answers whether it went. */
  send(frame: RealtimeFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  private status(open: boolean): void {
    for (const listener of this.statusListeners) listener(open);
  }

  private readonly now = () => {
    if (this.stopped || this.socket || this.connecting || document.visibilityState !== 'visible') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.retryMs = FIRST_RETRY_MS;
    void this.connect();
  };

  private later(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.socket || this.connecting) return;
    this.connecting = true;
    let ticket: string;
    try {
      ticket = (await this.api.post<{ ticket: string }>(REALTIME_TICKET_PATH, {})).data.ticket;
    } catch {
      this.connecting = false;
      this.later();
      return;
    }
    this.connecting = false;
    if (this.stopped) return;
    const socket = new WebSocket(`${this.socketUrl()}?ticket=${encodeURIComponent(ticket)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = FIRST_RETRY_MS;
      if (this.socket === socket) this.status(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      let frame: RealtimeFrame;
      try {
        frame = JSON.parse(String(event.data)) as RealtimeFrame;
      } catch {
        return;
      }
      if (frame && typeof frame.type === 'string') for (const listener of this.listeners) listener(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.status(false);
      this.later();
    };
  }
}

function defaultSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_SOCKET_PATH}`;
}

const RealtimeContext = createContext<RealtimeConnection | null>(null);

/**
 * Opens the hub's socket for the signed-in workspace and keeps the in-app messages fresh: a
 * `message` frame, a `resync` and every (re)connect (`hello`) re-read the badge and the lists.
 */
export function RealtimeProvider(props: { api: ApiClient; children: ReactNode }) {
  const queryClient = useQueryClient();
  const connection = useMemo(() => new RealtimeConnection(props.api), [props.api]);
  useEffect(() => {
    const unsubscribe = connection.subscribe((frame) => {
      if (frame.type === 'message' || frame.type === 'hello' || frame.type === 'resync')
        void queryClient.invalidateQueries({ queryKey: ['message'] });
    });
    connection.start();
    return () => {
      unsubscribe();
      connection.stop();
    };
  }, [connection, queryClient]);
  return <RealtimeContext.Provider value={connection}>{props.children}</RealtimeContext.Provider>;
}

/**
 * Calls `handle` with the hub's frames of these types while the component is mounted, and with
 * `hello` and `resync` (the socket (re)opened: re-read what the screen shows).
 */
export function useRealtimeEvent(types: readonly string[], handle: (frame: RealtimeFrame) => void): void {
  const connection = useContext(RealtimeContext);
  const latest = useRef(handle);
  latest.current = handle;
  const key = types.join('|');
  useEffect(() => {
    if (!connection) return undefined;
    const wanted = new Set(key.split('|'));
    return connection.subscribe((frame) => {
      if (wanted.has(frame.type) || frame.type === 'hello' || frame.type === 'resync') latest.current(frame);
    });
  }, [connection, key]);
}

/** Whether a `message` frame says the user's new messages are about this document. */
export function namesDocument(frame: RealtimeFrame, entityName: string, id: number): boolean {
  return (
    frame.type === 'message' &&
    typeof frame.documents === 'string' &&
    frame.documents.split(',').includes(`${entityName}:${id}`)
  );
}

/** Sends a frame on the workspace's socket (false when it is not open, or outside a workspace). */
export function useRealtimeSend(): (frame: RealtimeFrame) => boolean {
  const connection = useContext(RealtimeContext);
  return useMemo(() => (frame: RealtimeFrame) => connection?.send(frame) ?? false, [connection]);
}

/** Whether the workspace's socket is open now (re-rendered when it opens or drops). */
export function useRealtimeOpen(): boolean {
  const connection = useContext(RealtimeContext);
  const [open, setOpen] = useState(() => connection?.open ?? false);
  useEffect(() => {
    if (!connection) return undefined;
    setOpen(connection.open);
    return connection.onStatus(setOpen);
  }, [connection]);
  return open;
}

/** Frames a hall subscriber gets: its views, the server's ticks and times, and the socket's news. */
const HALL_FRAMES = ['subscribed', 'hallError', 'hall', 'tick', 'time'] as const;

/**
 * Subscribes to a live hall with the pass its snapshot endpoint gave (docs/realtime.md), whenever
 * the socket is open (again), and unsubscribes when the pass changes or the screen closes.
 * `handle` gets the hall's frames (`hall` frames of this hall only), `tick` and `time`, and
 * `hello`/`resync`: then the screen re-reads its snapshot, whose new pass subscribes again.
 * Answers whether the socket is open.
 */
export function useHall(
  hall: string | null,
  pass: string | null,
  handle: (frame: RealtimeFrame) => void,
): boolean {
  const connection = useContext(RealtimeContext);
  const open = useRealtimeOpen();
  useRealtimeEvent(HALL_FRAMES, (frame) => {
    if ((frame.type === 'hall' || frame.type === 'subscribed') && frame.hall !== hall) return;
    if (frame.type === 'hallError' && hall === null) return;
    handle(frame);
  });
  useEffect(() => {
    if (!connection || !open || !hall || !pass) return undefined;
    connection.send({ type: 'subscribe', pass });
    return () => {
      connection.send({ type: 'unsubscribe', hall });
    };
  }, [connection, open, hall, pass]);
  return open;
}
