// The mixed-load bench's users: signed sessions (ApiClient's; requests signed as the browser signs
// them, sent by lib/signed-post.ts) of the demo users and the added supplier users, each a closed
// loop of steps drawn from its role's table —
// reads (lists with filters, a 50-line order, the home page's calls, the approval inbox), writes
// (draft orders of 5–50 lines and requisitions of 2–10 by the buyer; supplier confirmations and
// delivery notes by suppliers; receipts of submitted notes by the buyer) and approvals (the buyer
// submits, the approver approves through the approval engine). Each answer is timed by name and
// kind; an answer that is not status S is an error, and so is a row of another supplier in a
// supplier user's list.
import { type Answer, ApiClient } from '@srm/platform/testing';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { percentile } from './engine';
import { SignedPost } from './signed-post';

export type Row = Record<string, unknown>;
export type Kind = 'read' | 'write' | 'approval';
export type Role = 'buyer' | 'approver' | 'finance' | 'admin' | 'supplier';

export const PO = '/api/srm/v1/srmPoHeaderRestful';
const PO_LINES = '/api/srm/v1/srmPoLineRestful';
const REQUISITIONS = '/api/srm/v1/srmPurRequisitionHeaderRestful';
const REQUISITION_LINES = '/api/srm/v1/srmPurRequisitionLineRestful';
const SUPPLIERS = '/api/srm/v1/srmSupplierInfoRestful';
const ASN = '/api/srm/v1/srmPurAsnHeaderRestful';
const RECEIPTS = '/api/srm/v1/srmPurReceiveHeaderRestful';
const DELIVERY_NOTICES = '/api/srm/v1/srmPurDeliveryNoticeRestful';
const NOTICES = '/api/srm/v1/srmNoticeReceiverRestful';
const TASKS = '/api/bpm/v1/bpmTaskRestful';
const AUTH = '/api/base/v1/auth';
const WORK_COUNTS = '/api/srm/v1/home/workCounts';

export interface Session {
  user: string;
  role: Role;
  /** One client per node, sharing the session (and its timestamp sequence). */
  clients: ApiClient[];
  supplierId?: number;
}

/** Times per request name, the kinds, and the errors. */
export class Tally {
  readonly times = new Map<string, number[]>();
  readonly kinds = new Map<string, Kind>();
  readonly errorsByName = new Map<string, number>();
  readonly firstErrors: string[] = [];
  /** Statements each request sent to the database (with MIXED_PG_COUNT, one request at a time). */
  readonly statements = new Map<string, number[]>();
  add(name: string, kind: Kind, ms: number): void {
    this.kinds.set(name, kind);
    (this.times.get(name) ?? this.times.set(name, []).get(name)!).push(ms);
  }
  fail(name: string, kind: Kind, message: string): void {
    this.kinds.set(name, kind);
    this.errorsByName.set(name, (this.errorsByName.get(name) ?? 0) + 1);
    if (this.firstErrors.length < 8) this.firstErrors.push(`${name}: ${message.slice(0, 300)}`);
  }
  get errors(): number {
    return [...this.errorsByName.values()].reduce((sum, n) => sum + n, 0);
  }
  /** Answered requests (errors included). */
  get requests(): number {
    return [...this.times.values()].reduce((sum, list) => sum + list.length, 0) + this.errors;
  }
  of(kind: Kind): { count: number; times: number[] } {
    const times: number[] = [];
    let count = 0;
    for (const [name, list] of this.times)
      if (this.kinds.get(name) === kind) {
        times.push(...list);
        count += list.length;
      }
    for (const [name, n] of this.errorsByName) if (this.kinds.get(name) === kind) count += n;
    return { count, times };
  }
  all(): number[] {
    return [...this.times.values()].flat();
  }
}

/** Spaces requests evenly at a rate (requests a second) over all sessions. */
export class Pacer {
  private next = 0;
  constructor(private readonly rate: number) {}
  async take(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(now, this.next);
    this.next = slot + 1000 / this.rate;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}

/** What the workload needs of the seeded database. */
export interface WorkData {
  supplierIds: number[];
  /** The header of the buyer's draft orders (supplier sup_a, a material on its approved list). */
  orderHeader: Row;
  orderItems: number[];
  requisitionHeader: Row;
  /** Every material (the lines' filters). */
  items: number[];
  storageLocationId: number;
  /** Orders of 50 lines. */
  bigOrders: number[];
  /** Per supplier: released orders to confirm, confirmed ones to ship, some visible to open. */
  toConfirm: Map<number, number[]>;
  toShip: Map<number, number[]>;
  visible: Map<number, number[]>;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const month = () => {
  const from = between(1, 10);
  return {
    from: `2026-${String(from).padStart(2, '0')}-01`,
    to: `2026-${String(from + 2).padStart(2, '0')}-28`,
  };
};

/** Draws one of the table's steps by weight. */
function choose(table: [number, () => Promise<unknown>][]): Promise<unknown> {
  let dice = Math.random() * table.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, run] of table) {
    dice -= weight;
    if (dice < 0) return run();
  }
  return table[table.length - 1]![1]();
}

export async function signIn(url: string, user: string, role: Role, supplierId?: number): Promise<Session> {
  const client = new ApiClient(url);
  const answer = await client.login(user, DEMO_PASSWORD);
  if (answer.body.status !== 'S') throw new Error(`${user}: ${answer.body.msg}`);
  return { user, role, clients: [client], ...(supplierId ? { supplierId } : {}) };
}

export class Workload {
  /** The buyer's draft orders and requisitions, waiting to be submitted. */
  private readonly orderDrafts: number[] = [];
  private readonly requisitionDrafts: number[] = [];
  /** Documents submitted during the load: the approver decides these only. */
  private readonly submitted = new Set<string>();
  /** Submitted delivery notes, waiting for the buyer's receipt. */
  private readonly toReceive: number[] = [];
  private readonly approvers: Session[];
  pacer: Pacer | null = null;
  /** Signs and sends the requests (cheaper for the shared cores than ApiClient's WebCrypto and fetch). */
  private readonly poster = new SignedPost(256);
  /** Counts the statements the servers send (lib/mixed-pgcount.ts), for the census. */
  counter: { statements: number } | null = null;

  constructor(
    private readonly data: WorkData,
    private readonly sessions: Session[],
  ) {
    this.approvers = sessions.filter((session) => session.role === 'approver');
  }

  /** One request, timed; its answer, or null when it failed. */
  async call<T = unknown>(
    tally: Tally,
    session: Session,
    name: string,
    kind: Kind,
    path: string,
    body: Row,
  ): Promise<Answer<T>['body'] | null> {
    if (this.pacer) await this.pacer.take();
    const client = pick(session.clients);
    const started = performance.now();
    const before = this.counter?.statements ?? 0;
    try {
      const answer = await this.poster.post<T>(client, path, body);
      const ms = performance.now() - started;
      if (this.counter) {
        const sent = this.counter.statements - before;
        (tally.statements.get(name) ?? tally.statements.set(name, []).get(name)!).push(sent);
      }
      if (answer.body.status !== 'S') {
        tally.fail(name, kind, `${answer.httpStatus} ${answer.body.msg}`);
        return null;
      }
      if (session.supplierId && Array.isArray(answer.body.data)) {
        const foreign = (answer.body.data as Row[]).find(
          (row) => row.supplierId !== undefined && row.supplierId !== session.supplierId,
        );
        if (foreign) {
          tally.fail(name, kind, `${session.user} sees supplier ${String(foreign.supplierId)}'s row`);
          return null;
        }
      }
      tally.add(name, kind, ms);
      return answer.body;
    } catch (error) {
      tally.fail(name, kind, (error as Error).message);
      return null;
    }
  }

  /** The home page's calls, at once as the browser makes them (one after the other in the census). */
  private async home(tally: Tally, session: Session): Promise<unknown> {
    const read =
      (name: string, path: string, body: Row = {}) =>
      () =>
        this.call(tally, session, `home: ${name}`, 'read', path, body);
    const page = { pageIndex: 1, pageRows: 5 };
    const calls =
      session.role === 'supplier'
        ? [
            read('current user', `${AUTH}/current`),
            read('work counts', WORK_COUNTS),
            read('company', `${SUPPLIERS}/findById`, { supplierId: session.supplierId }),
            read('orders to confirm', `${PO}/listByPage`, {
              status: ['RELEASED', 'CHANGE_PROPOSED'],
              ...page,
            }),
            read('delivery notices', `${DELIVERY_NOTICES}/listByPage`, {
              status: ['ISSUED', 'ADJUSTING'],
              ...page,
            }),
            read('notices', `${NOTICES}/listByPage`, page),
          ]
        : [
            read('current user', `${AUTH}/current`),
            read('work counts', WORK_COUNTS),
            read('pending tasks', `${TASKS}/findTodoTasks`, { pageIndex: 1, pageRows: 8 }),
            read('recent work', `${AUTH}/recentWork`),
            read('notices', `${NOTICES}/listByPage`, page),
          ];
    if (!this.counter) return Promise.all(calls.map((call) => call()));
    for (const call of calls) await call();
  }

  private orderList(tally: Tally, session: Session) {
    const { from, to } = month();
    return this.call(tally, session, 'order list, filtered', 'read', `${PO}/listByPage`, {
      status: pick(['RELEASED', 'CONFIRMED', 'APPROVED', ['RELEASED', 'CONFIRMED']]),
      orderDateFrom: from,
      orderDateTo: to,
      pageIndex: between(1, 5),
      pageRows: 20,
    });
  }
  private orderLines(tally: Tally, session: Session) {
    return this.call(tally, session, 'order lines of a material', 'read', `${PO_LINES}/listByPage`, {
      itemId: pick(this.data.items),
      pageIndex: between(1, 3),
      pageRows: 50,
    });
  }
  private bigOrder(tally: Tally, session: Session) {
    return this.call(tally, session, 'order of 50 lines (findById)', 'read', `${PO}/findById`, {
      poHeaderId: pick(this.data.bigOrders),
    });
  }
  private requisitionList(tally: Tally, session: Session) {
    const { from, to } = month();
    return this.call(tally, session, 'requisition list, filtered', 'read', `${REQUISITIONS}/listByPage`, {
      status: pick(['APPROVED', 'DRAFT', 'CLOSED']),
      requisitionDateFrom: from,
      requisitionDateTo: to,
      pageIndex: between(1, 3),
      pageRows: 20,
    });
  }
  private demandPool(tally: Tally, session: Session) {
    return this.call(tally, session, 'demand pool of a material', 'read', `${REQUISITION_LINES}/listByPage`, {
      demandStatus: 'POOLED',
      itemId: pick(this.data.items),
      pageIndex: 1,
      pageRows: 50,
    });
  }
  private supplierList(tally: Tally, session: Session) {
    return this.call(tally, session, 'supplier list, filtered', 'read', `${SUPPLIERS}/listByPage`, {
      ...pick<Row>([{ supplierName: '压测' }, { supplierName: '恒达' }, { supplierCode: 'MIX0001' }, {}]),
      pageIndex: 1,
      pageRows: 20,
    });
  }

  private async saveOrder(tally: Tally, session: Session) {
    const count = between(5, 50);
    const saved = await this.call<Row>(
      tally,
      session,
      'save order (5–50 lines)',
      'write',
      `${PO}/saveOrUpdate`,
      {
        ...this.data.orderHeader,
        lines: Array.from({ length: count }, (_, i) => ({
          lineNum: i + 1,
          itemId: this.data.orderItems[i % this.data.orderItems.length],
          quantity: (i % 50) + 1,
          unitPriceExclTax: ((i % 997) + 1) / 100,
          taxRate: 13,
          needByDate: '2026-12-20',
        })),
      },
    );
    if (saved?.data.poHeaderId) this.orderDrafts.push(saved.data.poHeaderId as number);
  }
  private async saveRequisition(tally: Tally, session: Session) {
    const count = between(2, 10);
    const saved = await this.call<Row>(
      tally,
      session,
      'save requisition (2–10 lines)',
      'write',
      `${REQUISITIONS}/saveOrUpdate`,
      {
        ...this.data.requisitionHeader,
        lines: Array.from({ length: count }, (_, i) => ({
          lineNum: i + 1,
          itemId: pick(this.data.items),
          quantity: between(1, 500),
          unitPrice: between(10, 5000) / 100,
          needByDate: '2026-12-15',
        })),
      },
    );
    if (saved?.data.requisitionHeaderId)
      this.requisitionDrafts.push(saved.data.requisitionHeaderId as number);
  }
  private async submitOrder(tally: Tally, session: Session) {
    const id = this.orderDrafts.shift();
    if (id === undefined) return this.saveOrder(tally, session);
    const done = await this.call(tally, session, 'submit order', 'approval', `${PO}/doSubmit`, {
      poHeaderId: id,
    });
    if (done) this.submitted.add(`srmPoHeader:${id}`);
  }
  private async submitRequisition(tally: Tally, session: Session) {
    const id = this.requisitionDrafts.shift();
    if (id === undefined) return this.saveRequisition(tally, session);
    const done = await this.call(
      tally,
      session,
      'submit requisition',
      'approval',
      `${REQUISITIONS}/doSubmit`,
      {
        requisitionHeaderId: id,
      },
    );
    if (done) this.submitted.add(`srmPurRequisitionHeader:${id}`);
  }
  private async receive(tally: Tally, session: Session) {
    const id = this.toReceive.shift();
    if (id === undefined) return this.orderList(tally, session);
    return this.call(tally, session, 'receipt (receive a note, post)', 'write', `${RECEIPTS}/receiveAsn`, {
      asnHeaderId: id,
      storageLocationId: this.data.storageLocationId,
    });
  }
  /** The approver's inbox, then a decision on one task of his share of those submitted. */
  private async approve(tally: Tally, session: Session) {
    const inbox = await this.call<Row[]>(tally, session, 'approval inbox', 'read', `${TASKS}/findTodoTasks`, {
      pageIndex: 1,
      pageRows: 50,
    });
    // Each session of the approver takes its own share: two sessions of one person do not
    // decide the same task at the same moment.
    const share = this.approvers.indexOf(session);
    const task = inbox?.data.find(
      (row) =>
        this.submitted.has(`${String(row.entityName)}:${String(row.documentId)}`) &&
        Number(row.taskId) % this.approvers.length === share,
    );
    if (!task) return;
    const done = await this.call(tally, session, 'approve', 'approval', `${TASKS}/doApprove`, {
      taskId: task.taskId,
      comment: '同意',
    });
    if (done) this.submitted.delete(`${String(task.entityName)}:${String(task.documentId)}`);
  }

  private supplierOrders(tally: Tally, session: Session) {
    return this.call(tally, session, 'supplier: order list', 'read', `${PO}/listByPage`, {
      ...pick<Row>([{}, { status: 'RELEASED' }, { status: 'CONFIRMED' }]),
      pageIndex: between(1, 5),
      pageRows: 20,
    });
  }
  private supplierOrder(tally: Tally, session: Session) {
    const own = this.data.visible.get(session.supplierId!) ?? [];
    return this.call(tally, session, 'supplier: order (findById)', 'read', `${PO}/findById`, {
      poHeaderId: pick(own),
    });
  }
  private supplierNotes(tally: Tally, session: Session) {
    return this.call(tally, session, 'supplier: delivery note list', 'read', `${ASN}/listByPage`, {
      pageIndex: 1,
      pageRows: 20,
    });
  }
  private async confirm(tally: Tally, session: Session) {
    const id = this.data.toConfirm.get(session.supplierId!)?.shift();
    if (id === undefined) return this.supplierOrders(tally, session);
    return this.call(tally, session, 'supplier confirmation', 'write', `${PO}/doSupplierConfirm`, {
      poHeaderId: id,
    });
  }
  /** The order's lines still open, a draft delivery note of them, submitted. */
  private async ship(tally: Tally, session: Session) {
    const id = this.data.toShip.get(session.supplierId!)?.shift();
    if (id === undefined) return this.supplierNotes(tally, session);
    const open = await this.call<Row[]>(
      tally,
      session,
      'supplier: open order lines',
      'read',
      `${ASN}/openOrderLines`,
      { poHeaderId: id },
    );
    if (!open?.data.length) return;
    const note = await this.call<Row>(
      tally,
      session,
      'delivery note (save)',
      'write',
      `${ASN}/saveOrUpdate`,
      {
        shipDate: '2026-12-01',
        expectedArrivalDate: '2026-12-03',
        carrierName: '顺丰速运',
        lines: open.data.map((line, index) => ({
          lineNum: index + 1,
          poLineId: line.poLineId,
          shipQuantity: line.openQuantity,
        })),
      },
    );
    if (!note) return;
    const submitted = await this.call(tally, session, 'delivery note (submit)', 'write', `${ASN}/doSubmit`, {
      asnHeaderId: note.data.asnHeaderId,
    });
    if (submitted) this.toReceive.push(note.data.asnHeaderId as number);
  }

  /** One step of the session's role. */
  step(tally: Tally, session: Session): Promise<unknown> {
    const t = tally;
    const s = session;
    switch (session.role) {
      case 'buyer':
        return choose([
          [20, () => this.orderList(t, s)],
          [10, () => this.orderLines(t, s)],
          [7, () => this.requisitionList(t, s)],
          [4, () => this.demandPool(t, s)],
          [5, () => this.supplierList(t, s)],
          [12, () => this.bigOrder(t, s)],
          [6, () => this.home(t, s)],
          [12, () => this.saveOrder(t, s)],
          [6, () => this.saveRequisition(t, s)],
          [5, () => this.receive(t, s)],
          [10, () => this.submitOrder(t, s)],
          [6, () => this.submitRequisition(t, s)],
        ]);
      case 'approver':
        return choose([
          [45, () => this.approve(t, s)],
          [20, () => this.orderList(t, s)],
          [15, () => this.bigOrder(t, s)],
          [10, () => this.home(t, s)],
          [10, () => this.requisitionList(t, s)],
          [10, () => this.orderLines(t, s)],
        ]);
      case 'finance':
        return choose([
          [25, () => this.orderList(t, s)],
          [20, () => this.orderLines(t, s)],
          [15, () => this.supplierList(t, s)],
          [20, () => this.bigOrder(t, s)],
          [10, () => this.home(t, s)],
          [10, () => this.requisitionList(t, s)],
        ]);
      case 'admin':
        return choose([
          [30, () => this.supplierList(t, s)],
          [30, () => this.orderList(t, s)],
          [20, () => this.home(t, s)],
          [20, () => this.bigOrder(t, s)],
        ]);
      case 'supplier':
        return choose([
          [36, () => this.supplierOrders(t, s)],
          [20, () => this.supplierOrder(t, s)],
          [8, () => this.supplierNotes(t, s)],
          [8, () => this.home(t, s)],
          [10, () => this.confirm(t, s)],
          [8, () => this.ship(t, s)],
        ]);
    }
  }

  /** Runs every session's loop until `seconds` have passed; answers the seconds it took. */
  async run(tally: Tally, seconds: number): Promise<number> {
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      this.sessions.map(async (session) => {
        while (performance.now() < end) await this.step(tally, session);
      }),
    );
    return (performance.now() - started) / 1000;
  }

  /**
   * The census: every session takes `steps` steps, one session at a time, so that each request's
   * statements are its own (the server's background jobs aside).
   */
  async census(tally: Tally, steps: number): Promise<void> {
    for (const session of this.sessions) for (let i = 0; i < steps; i++) await this.step(tally, session);
  }

  get sessionCount(): number {
    return this.sessions.length;
  }
}

/** p50/p95/p99 of a list of times, as `p50 … p95 … p99 … ms`. */
export function spread(times: number[]): string {
  const p = (n: number) => percentile(times, n).toFixed(0).padStart(5);
  return `p50 ${p(50)}  p95 ${p(95)}  p99 ${p(99)} ms`;
}
