// Starts the built server on a fresh, empty data directory for the E2E run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
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

// A business register (工商信息) beside the app, on its port + 2000, speaking what the platform's
// client asks (GET /v1/companies/{code}); a journey records the company it registers first
// (PUT, helpers.ts registerCompany), as the register would know a real one.
const registerKey = 'e2e-business-register';
const companies = new Map();
const register = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const answer = (status, data) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: status === 200 ? 0 : status, data }));
    };
    if (request.headers.authorization !== `Bearer ${registerKey}`) return answer(401, null);
    const code = /^\/v1\/companies\/([^/?]+)$/.exec(request.url ?? '')?.[1];
    if (!code) return answer(404, null);
    if (request.method === 'PUT') {
      companies.set(decodeURIComponent(code), JSON.parse(Buffer.concat(chunks).toString('utf8')));
      return answer(200, null);
    }
    const found = companies.get(decodeURIComponent(code));
    return found ? answer(200, found) : answer(404, null);
  });
});
await new Promise((resolve) => register.listen(port + 2000, '127.0.0.1', resolve));

// SRM_TEST_CLOCK=1: the journeys move the server's clock past a deadline (helpers.ts, moveClock)
// instead of waiting for it.
const env = {
  ...process.env,
  SRM_DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SRM_TEST_CLOCK: '1',
  SMTP_URL: `smtp://127.0.0.1:${port + 1000}`,
  SRM_BIZINFO_URL: `http://127.0.0.1:${port + 2000}`,
  SRM_BIZINFO_KEY: registerKey,
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
  register.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
