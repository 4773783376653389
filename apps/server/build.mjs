// Bundles the server into dist/main.mjs. Workspace packages (TypeScript sources) are bundled;
// npm packages stay external so that PGlite finds its WASM files next to its own module.
// Then the bundle makes the demo snapshot that a first start loads (ADR 0008), unless
// SRM_DEMO_SNAPSHOT=off; it is kept when this bundle made it today. A snapshot that fails fails
// the build: its seeds are the ones a first start runs.
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
    // The snapshot runs the same seeds a first start would: a seed that fails here fails there
    // too, so the build stops (SRM_DEMO_SNAPSHOT=off builds without the snapshot).
    rmSync('dist/demo-snapshot', { recursive: true, force: true });
    console.error(
      `The demo snapshot could not be made (exit ${made.status}): the demo data's seeds failed (above). ` +
        'SRM_DEMO_SNAPSHOT=off builds without it.',
    );
    process.exit(1);
  }
}
