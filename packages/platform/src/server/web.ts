// The built web app's files. Hashed assets are cached for a year, index.html is revalidated on
// every load; a file the build also wrote compressed (.br, .gz: scripts/precompress.mjs) is sent
// in the encoding the browser accepts, brotli first, with the identical file as the fallback.
import { relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerWebFiles(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      // Hashed assets never change; index.html must always be revalidated.
      const hashed = relative(webDir, path).startsWith(`assets${sep}`);
      reply.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same address answers in several encodings: caches keep them apart.
      reply.setHeader('vary', 'accept-encoding');
      reply.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
