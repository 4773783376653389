// A test's files through the real files API of its test server: an upload as a given caller (the
// test header policy's actor; an internal user by default) answering the file's id, and a
// download answering the status and the bytes.
import { expect } from 'vitest';
import { TEST_ACTOR_HEADER } from './engine';

type Actor = Record<string, unknown>;
const INTERNAL: Actor = { userId: 1, userName: 'buyer1' };

export async function uploadFile(
  server: { readonly url: string },
  name: string,
  content: Buffer = Buffer.from('%PDF-1.4\n%%EOF\n'),
  actor: Actor = INTERNAL,
): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: { id: number }[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id;
}

export async function downloadFile(
  server: { readonly url: string },
  fileId: unknown,
  actor: Actor = INTERNAL,
) {
  const response = await fetch(`${server.url}/api/file/v2/file/download?id=${String(fileId)}`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}
