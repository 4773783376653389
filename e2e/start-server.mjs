// Starts the built server on a fresh, empty data directory for the E2E run.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const dataDir = mkdtempSync(join(tmpdir(), 'srm-e2e-'));

// A real SMTP server beside the app, on its port + 1000: the platform sends its mail there, and
// the journeys read what arrived from mails.jsonl (helpers.ts, mailTo), one JSON line per message.
const port = Number(process.env.PORT ?? 8080);
const mailDir = join(tmpdir(), `srm-e2e-mail-${port}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      const raw = Buffer.concat(chunks).toString('utf8');
      appendFileSync(join(mailDir, 'mails.jsonl'), `${JSON.stringify({ to, raw })}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(port + 1000, '127.0.0.1', resolve));

// SRM_TEST_CLOCK=1: the journeys move the server's clock past a deadline (helpers.ts, moveClock)
// instead of waiting for it.
const env = {
  ...process.env,
  SRM_DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SRM_TEST_CLOCK: '1',
  SMTP_URL: `smtp://127.0.0.1:${port + 1000}`,
};
delete env.DATABASE_URL;
// The environment variables and node flags of `npm start` (docs/configuration.md, "Memory").
const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
const match = /((?:\b[A-Z_]+=\S+ )*)node((?: --\S+)*) apps\/server\/dist\/main\.mjs/.exec(start);
for (const pair of (match?.[1] ?? '').split(' ').filter(Boolean)) {
  const name = pair.slice(0, pair.indexOf('='));
  env[name] ??= pair.slice(pair.indexOf('=') + 1);
}
const flags = (match?.[2] ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.mjs'], { stdio: 'inherit', env });
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
