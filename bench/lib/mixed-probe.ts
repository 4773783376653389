// Preloaded into a server process of the mixed-load bench (`node --import tsx --import <this>`):
// every MIXED_PROBE_MS (5 s) writes the process's memory (heap used and total, RSS, external, in
// MB) as one JSON object to MIXED_PROBE_FILE, which the bench reads when it samples. The server's
// own code is untouched; without MIXED_PROBE_FILE this does nothing.
import { writeFileSync } from 'node:fs';

const file = process.env.MIXED_PROBE_FILE;
if (file) {
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const write = () => {
    const memory = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        heapUsedMb: mb(memory.heapUsed),
        heapTotalMb: mb(memory.heapTotal),
        rssMb: mb(memory.rss),
        externalMb: mb(memory.external),
      }),
    );
  };
  write();
  setInterval(write, Number(process.env.MIXED_PROBE_MS ?? 5000)).unref();
}
