// The contract tests' files, through the real files API of their test server: an upload as a
// given caller (a buyer by default), and a download answering the status and the bytes; and the
// wait for a finalization, which runs as a job.
import { expect } from 'vitest';
import { TEST_ACTOR_HEADER, type TestServer, waitFor } from '@srm/platform/testing';

type Row = Record<string, unknown>;
const BUYER: Row = { userId: 1, userName: 'buyer1' };

export function contractFiles(server: () => Pick<TestServer, 'url'>) {
  async function upload(
    name: string,
    content: Buffer = Buffer.from('%PDF-1.4\n%%EOF\n'),
    actor: Row = BUYER,
  ): Promise<number> {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(content)]), name);
    const response = await fetch(`${server().url}/api/file/v2/file/upload`, {
      method: 'POST',
      headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
      body: form,
    });
    const body = (await response.json()) as { status: string; msg: string; data: { id: number }[] };
    expect(body.status, body.msg).toBe('S');
    return body.data[0]!.id;
  }

  async function download(fileId: unknown, actor: Row = BUYER) {
    const response = await fetch(`${server().url}/api/file/v2/file/download?id=${String(fileId)}`, {
      method: 'POST',
      headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

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
