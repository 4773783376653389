// A counting proxy between the mixed-load bench's servers and PostgreSQL (MIXED_PG_COUNT=1): it
// passes the bytes through unchanged and counts the statements the servers send — Execute
// messages of the extended protocol and simple Query messages — so that the bench can tell how
// many statements each request costs. Plain TCP only (no SSL request), as on the bench's server.
import { type Server, type Socket, connect, createServer } from 'node:net';

export class CountingProxy {
  statements = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Listens on a free loopback port; answers it. */
  listen(): Promise<number> {
    this.server = createServer((client) => this.pipe(client));
    return new Promise((resolve) =>
      this.server!.listen(0, '127.0.0.1', () => {
        const address = this.server!.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.port, this.host);
    this.sockets.add(client).add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    upstream.pipe(client);
    let startup = true;
    let header = Buffer.alloc(0);
    let skip = 0;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      let i = 0;
      while (i < chunk.length) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length - i);
          skip -= n;
          i += n;
          continue;
        }
        // The start-up message has no type byte: its length, then the rest.
        const need = startup ? 4 : 5;
        const take = Math.min(need - header.length, chunk.length - i);
        header = Buffer.concat([header, chunk.subarray(i, i + take)]);
        i += take;
        if (header.length < need) break;
        if (startup) {
          skip = header.readInt32BE(0) - 4;
          startup = false;
        } else {
          if (header[0] === 0x45 || header[0] === 0x51) this.statements++; // 'E', 'Q'
          skip = header.readInt32BE(1) - 4;
        }
        header = Buffer.alloc(0);
      }
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
