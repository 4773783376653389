// A benchmark's HTTP client on a thread of its own: it posts prepared JSON requests with a fixed
// number in flight (closed loop) and answers each one's HTTP status and body. A server measured in
// the benchmark's own process then does not share its event loop with the client that loads it —
// the clients of a real server are browsers elsewhere.
import { Worker } from 'node:worker_threads';

export interface Post {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Posted {
  /** 0: the request failed (network). */
  readonly httpStatus: number;
  readonly body: unknown;
  readonly error: string | null;
}

/** Posts every request from a thread of its own, `concurrency` at a time; answers them in order and the wall time. */
export function postOffThread(
  posts: readonly Post[],
  concurrency: number,
): Promise<{ posted: Posted[]; seconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./post-thread.worker.mjs', import.meta.url), {
      workerData: { posts, concurrency },
    });
    worker.once('message', (answer: { posted: Posted[]; seconds: number }) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
