// Colours of status tags: the same state reads the same colour on every screen.
const COLORS: Record<string, string> = {
  NEW: 'default',
  DRAFT: 'default',
  SUBMITTED: 'processing',
  APPROVING: 'processing',
  PUBLISHED: 'processing',
  OPENED: 'processing',
  APPROVED: 'success',
  CONFIRMED: 'success',
  EFFECTIVE: 'success',
  ENABLED: 'success',
  COMPLETED: 'success',
  REJECTED: 'error',
  REFUSED: 'error',
  RETURNED: 'warning',
  WITHDRAWN: 'warning',
  CANCELLED: 'default',
  ABOLISHED: 'default',
  INVALID: 'default',
  CLOSED: 'default',
};

export function statusColor(status: string): string {
  return COLORS[status] ?? 'blue';
}
