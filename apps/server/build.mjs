// Bundles the server into dist/main.mjs. Workspace packages (TypeScript sources) are bundled;
// npm packages stay external so that PGlite finds its WASM files next to its own module.
// Then the bundle makes the demo snapshot that a first start loads (ADR 0008), unless
// SRM_DEMO_SNAPSHOT=off; it is kept when this bundle made it today.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@srm/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

if ((process.env.SRM_DEMO_SNAPSHOT ?? 'on').toLowerCase() === 'off') {
  rmSync('dist/demo-snapshot', { recursive: true, force: true });
} else {
  // From the repository root, like `npm start`, so that the same .env applies (SRM_TIME_ZONE).
  const made = spawnSync(process.execPath, [resolve('dist/main.mjs'), '--build-demo-snapshot'], {
    cwd: resolve('../..'),
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  if (made.status !== 0) {
    // A first start then creates the database the long way; the build itself is fine.
    rmSync('dist/demo-snapshot', { recursive: true, force: true });
    console.warn(
      `Warning: the demo snapshot could not be made (exit ${made.status}); first starts will seed.`,
    );
  }
}
