#!/usr/bin/env node
// Compiles the server (and the ops CLI) to JavaScript: one ES module per entry under server/dist/,
// with the workspace packages (@draw/shared, @draw/machines) bundled in, so production runs plain
// `node` with no TypeScript loader and no workspace sources. Every npm dependency stays external
// (native ones such as sharp, @node-rs/argon2 and better-sqlite3 must), and is loaded from
// node_modules as installed by `npm ci --omit=dev`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outdir = path.join(root, 'server/dist');

// What the runtime install (`npm ci --omit=dev -w @draw/server`) provides: the server's own
// production dependencies, which therefore also name what the bundled shared and machines import.
const runtimeDependencies = new Set(
  Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8')).dependencies),
);
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Workspace imports are bundled; production dependencies stay external; anything else (a
 * devDependency reached from server code) fails the build instead of failing in production.
 */
const externals = {
  name: 'runtime-externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = packageName(args.path);
      if (name.startsWith('@draw/')) return undefined;
      if (runtimeDependencies.has(name)) return { external: true };
      return {
        errors: [
          {
            text: `${name} is imported by ${path.relative(root, args.importer)} but is not a dependency in server/package.json`,
          },
        ],
      };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'server/src/main.ts'),
    ops: path.join(root, 'scripts/ops/main.ts'),
    // The built-in engine's drawing thread, found beside main.js (server/src/engines/builtin/drawer.ts).
    'draw-thread': path.join(root, 'server/src/engines/builtin/draw-thread.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Each entry is one file in server/dist, so paths relative to a module (app.ts finds web/dist
  // at ../../web/dist) hold as they do in the sources; the ops CLI repeats some code for that.
  splitting: false,
  sourcemap: 'linked',
  sourcesContent: false,
  plugins: [externals],
  logLevel: 'warning',
});
const size = fs
  .readdirSync(outdir, { recursive: true })
  .map((file) => path.join(outdir, String(file)))
  .filter((file) => file.endsWith('.js'))
  .reduce((sum, file) => sum + fs.statSync(file).size, 0);
console.log(`server/dist: ${(size / 1024).toFixed(0)} KiB of JavaScript`);
