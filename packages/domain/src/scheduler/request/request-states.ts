// The phases and statuses of a request (EBS's pairs) and the one table of the moves between them:
// any move not listed here is refused, by the runner and by the buttons alike.
export const PHASES = ['PENDING', 'RUNNING', 'COMPLETED', 'INACTIVE'] as const;
export type Phase = (typeof PHASES)[number];

export const STATUSES = [
  'NORMAL',
  'STANDBY',
  'SCHEDULED',
  'WAITING',
  'PAUSED',
  'TERMINATING',
  'WARNING',
  'ERROR',
  'CANCELLED',
  'TERMINATED',
  'ON_HOLD',
  'DISABLED',
  'NO_MANAGER',
] as const;
export type Status = (typeof STATUSES)[number];

export type State = `${Phase}/${Status}`;

/** The pairs that exist. */
export const STATES = [
  'PENDING/NORMAL',
  'PENDING/STANDBY',
  'PENDING/SCHEDULED',
  'PENDING/WAITING',
  'RUNNING/NORMAL',
  'RUNNING/PAUSED',
  'RUNNING/TERMINATING',
  'COMPLETED/NORMAL',
  'COMPLETED/WARNING',
  'COMPLETED/ERROR',
  'COMPLETED/CANCELLED',
  'COMPLETED/TERMINATED',
  'INACTIVE/ON_HOLD',
  'INACTIVE/DISABLED',
  'INACTIVE/NO_MANAGER',
] as const satisfies readonly State[];

const WAITING: readonly State[] = [
  'PENDING/NORMAL',
  'PENDING/STANDBY',
  'PENDING/SCHEDULED',
  'PENDING/WAITING',
];
const INACTIVE: readonly State[] = ['INACTIVE/ON_HOLD', 'INACTIVE/DISABLED', 'INACTIVE/NO_MANAGER'];

/** From each state, the states it may move to. */
const MOVES: Readonly<Record<(typeof STATES)[number], readonly State[]>> = {
  'PENDING/NORMAL': [
    'RUNNING/NORMAL',
    'PENDING/STANDBY',
    'COMPLETED/CANCELLED',
    'INACTIVE/ON_HOLD',
    'INACTIVE/DISABLED',
    'INACTIVE/NO_MANAGER',
    'COMPLETED/ERROR',
  ],
  'PENDING/STANDBY': [
    'RUNNING/NORMAL',
    'PENDING/NORMAL',
    'COMPLETED/CANCELLED',
    'INACTIVE/ON_HOLD',
    'INACTIVE/DISABLED',
    'INACTIVE/NO_MANAGER',
    'COMPLETED/ERROR',
  ],
  'PENDING/SCHEDULED': ['PENDING/NORMAL', 'COMPLETED/CANCELLED', 'INACTIVE/ON_HOLD'],
  'PENDING/WAITING': ['PENDING/NORMAL', 'COMPLETED/CANCELLED'],
  'RUNNING/NORMAL': [
    'COMPLETED/NORMAL',
    'COMPLETED/WARNING',
    'COMPLETED/ERROR',
    'RUNNING/TERMINATING',
    'RUNNING/PAUSED',
    'PENDING/SCHEDULED',
    'COMPLETED/TERMINATED',
  ],
  'RUNNING/PAUSED': [
    'RUNNING/NORMAL',
    'COMPLETED/NORMAL',
    'COMPLETED/WARNING',
    'COMPLETED/ERROR',
    'RUNNING/TERMINATING',
  ],
  'RUNNING/TERMINATING': ['COMPLETED/TERMINATED', 'COMPLETED/ERROR'],
  'COMPLETED/NORMAL': [],
  'COMPLETED/WARNING': [],
  'COMPLETED/ERROR': [],
  'COMPLETED/CANCELLED': [],
  'COMPLETED/TERMINATED': [],
  'INACTIVE/ON_HOLD': ['PENDING/NORMAL', 'PENDING/SCHEDULED', 'COMPLETED/CANCELLED'],
  'INACTIVE/DISABLED': ['PENDING/NORMAL', 'COMPLETED/CANCELLED'],
  'INACTIVE/NO_MANAGER': ['PENDING/NORMAL', 'COMPLETED/CANCELLED', 'INACTIVE/DISABLED'],
};

export function stateOf(phase: string, status: string): State {
  return `${phase}/${status}` as State;
}

export function canMove(from: State, to: State): boolean {
  return (MOVES as Record<string, readonly State[] | undefined>)[from]?.includes(to) ?? false;
}

export function split(state: State): { phaseCode: Phase; statusCode: Status } {
  const [phaseCode, statusCode] = state.split('/') as [Phase, Status];
  return { phaseCode, statusCode };
}

/** States from which a request may still start (waiting or parked). */
export const NOT_STARTED: readonly State[] = [...WAITING, ...INACTIVE];
/** A request in these states counts against a user's active cap. */
export const ACTIVE: readonly State[] = [
  ...WAITING,
  'RUNNING/NORMAL',
  'RUNNING/PAUSED',
  'RUNNING/TERMINATING',
];
