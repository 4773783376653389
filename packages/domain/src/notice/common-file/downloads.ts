// What a shared file's download receipts can be filtered by, and one reader in them (shared by
// the endpoint and its screen).
export const DOWNLOAD_FILTERS = ['ALL', 'DOWNLOADED', 'NOT_DOWNLOADED'] as const;
export type DownloadFilter = (typeof DOWNLOAD_FILTERS)[number];

export interface FileReader {
  readonly copyId: number;
  readonly receiverName: string | null;
  readonly supplierName: string | null;
  readonly downloadCount: number;
  readonly firstDownloadAt: number | null;
  readonly lastDownloadAt: number | null;
}
