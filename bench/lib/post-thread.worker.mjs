// The thread of bench/lib/post-thread.ts (plain JavaScript: a worker thread does not inherit the
// TypeScript loader): posts every request, `concurrency` in flight, and answers them in order.
import { parentPort, workerData } from 'node:worker_threads';

const { posts, concurrency } = workerData;
const posted = new Array(posts.length);
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (;;) {
      const i = next++;
      if (i >= posts.length) return;
      const post = posts[i];
      try {
        const response = await fetch(post.url, { method: 'POST', headers: post.headers, body: post.body });
        posted[i] = { httpStatus: response.status, body: await response.json(), error: null };
      } catch (error) {
        posted[i] = { httpStatus: 0, body: null, error: String(error) };
      }
    }
  }),
);
parentPort.postMessage({ posted, seconds: (performance.now() - start) / 1000 });
