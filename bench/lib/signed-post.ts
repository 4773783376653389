// The mixed-load bench's requests, signed as docs/api.md says and as ApiClient signs them, but
// with node:crypto's synchronous hashes and kept-alive node:http connections instead of WebCrypto
// and fetch: the load generator shares the machine's two cores with the server and its database,
// and ApiClient cost it 1.0–1.8 ms of CPU a request (an HMAC key imported for every request,
// three asynchronous digests, fetch). A server's real clients are browsers elsewhere; what the
// generator spends is taken from the server measured.
import { createHash, createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { Answer, ApiClient, Envelope } from '@srm/platform/testing';

const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

export class SignedPost {
  private readonly agent: Agent;

  constructor(maxSockets: number) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /** POSTs JSON signed with the client's session (and its timestamp sequence). */
  post<T>(client: ApiClient, path: string, payload: unknown): Promise<Answer<T>> {
    const session = client.session;
    if (!session) return Promise.reject(new Error('not signed in'));
    const body = JSON.stringify(payload);
    const timestamp = client.nextTimestamp();
    const url = new URL(client.baseUrl + path);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'SAAF-Language': client.language,
      AuthorizationCode: session.authorizationCode,
      appId: client.appId,
      timestamp,
      appsign: sha256hex(sha256hex(`${client.appId}:${timestamp}`)),
      parameterSignature: createHmac('sha256', session.signKey)
        .update(`POST\n${path}\n${timestamp}\n${body}`)
        .digest('base64'),
    };
    return new Promise((resolve, reject) => {
      const sent = request(
        { host: url.hostname, port: url.port, path, method: 'POST', headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ httpStatus: response.statusCode ?? 0, body: JSON.parse(text) as Envelope<T> });
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }
}
