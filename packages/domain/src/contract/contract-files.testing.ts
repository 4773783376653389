// The contract tests' files, through the real files API of their test server: an upload as a
// given caller (a buyer by default), and a download answering the status and the bytes; and the
// wait for a finalization, which runs as a job.
import { type TestServer, downloadFile, uploadFile, waitFor } from '@srm/platform/testing';

type Row = Record<string, unknown>;
const BUYER: Row = { userId: 1, userName: 'buyer1' };

export function contractFiles(server: () => Pick<TestServer, 'url'>) {
  const upload = (name: string, content?: Buffer, actor: Row = BUYER): Promise<number> =>
    uploadFile(server(), name, content, actor);
  const download = (fileId: unknown, actor: Row = BUYER) => downloadFile(server(), fileId, actor);
  return { upload, download };
}

/** The contract once its finalization job has run (SIGNING, or CONFIRMED again after a failure). */
export function afterFinalizing(server: Pick<TestServer, 'first'>, contractId: unknown): Promise<Row> {
  return waitFor(
    () => server.first<Row>('srmCctContract', { contractId }),
    (row) => row.status !== 'FINALIZING',
    60_000,
  );
}
