// A real S3-compatible server for tests (s3rver over HTTP on loopback, objects on disk).
import { join } from 'node:path';

export interface S3Peer {
  endpoint: string;
  /** The directory holding the bucket's objects (`<dir>/<bucket>/<key>`). */
  directory: string;
  close(): Promise<void>;
}

/** Starts an S3 server with one bucket; its credentials are `S3RVER` / `S3RVER`. */
export async function startS3Peer(dir: string, bucket: string): Promise<S3Peer> {
  // Loaded here, not with the testing module: only the storage tests need it.
  const { default: S3rver } = await import('s3rver');
  const directory = join(dir, 's3');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, directory, close: () => server.close() };
}
