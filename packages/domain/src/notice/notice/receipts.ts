// What the read receipts of a notice can be filtered by (shared by the endpoint and its screen).
export const RECEIPT_FILTERS = [
  'ALL',
  'UNREAD',
  'READ',
  'UNCONFIRMED',
  'CONFIRMED',
  'REPLIED',
  'UNREPLIED',
] as const;
