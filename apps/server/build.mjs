// Bundles the server into dist/main.mjs. Workspace packages (TypeScript sources) are bundled;
// npm packages stay external so that PGlite finds its WASM files next to its own module.
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
