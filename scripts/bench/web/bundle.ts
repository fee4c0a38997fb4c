import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export interface InitialAsset {
  file: string;
  kind: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
}

/**
 * What the browser must fetch before the first render: the entry module script, the modules it
 * preloads and the stylesheets, all as named by the built index.html.
 */
export function initialAssets(distDir: string): InitialAsset[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls: { url: string; kind: 'js' | 'css' }[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(text)?.[1];
    if (tag[1] === 'script' && attr('type') === 'module' && attr('src'))
      urls.push({ url: attr('src')!, kind: 'js' });
    if (tag[1] === 'link' && attr('rel') === 'modulepreload' && attr('href'))
      urls.push({ url: attr('href')!, kind: 'js' });
    if (tag[1] === 'link' && attr('rel') === 'stylesheet' && attr('href'))
      urls.push({ url: attr('href')!, kind: 'css' });
  }
  if (!urls.some((u) => u.kind === 'js')) throw new Error(`no entry script in ${distDir}/index.html`);
  return urls.map(({ url, kind }) => {
    const bytes = fs.readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return { file: url, kind, rawBytes: bytes.length, gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length };
  });
}

export const sumGzipKb = (assets: InitialAsset[], kind: 'js' | 'css') =>
  assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.gzipBytes, 0) / 1024;

function runOrThrow(command: string, args: string[], what: string, cwd = repoRoot): number {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0)
    throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`.slice(-4000));
  return (Date.now() - started) / 1000;
}

const viteBin = path.join(repoRoot, 'node_modules/vite/bin/vite.js');

/** Builds the real web app into web/dist, as `npm run build -w @draw/web` does; returns seconds. */
export function buildOurs(): number {
  return runOrThrow('npm', ['run', 'build', '-w', '@draw/web'], 'web build');
}

/**
 * The baseline: a "hello world" of our stack (React 19 + react-dom + Tailwind) built with our
 * own web/vite.config.ts, so the same plugins, chunking and minifier apply. It lives under
 * node_modules/.cache so that its imports resolve to the same installed packages.
 */
export function buildBaseline(): { distDir: string; seconds: number } {
  const dir = path.join(repoRoot, 'node_modules/.cache/draw-bench-web-baseline');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  const webIndex = fs.readFileSync(path.join(repoRoot, 'web/index.html'), 'utf8');
  // Same head (with the theme script), only the entry differs.
  fs.writeFileSync(path.join(dir, 'index.html'), webIndex);
  // Tailwind skips git-ignored folders when it looks for classes; name the source explicitly.
  fs.writeFileSync(path.join(dir, 'src/styles.css'), '@import "tailwindcss";\n@source "./main.tsx";\n');
  fs.writeFileSync(
    path.join(dir, 'src/main.tsx'),
    [
      "import './styles.css';",
      "import { StrictMode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      '',
      "createRoot(document.getElementById('root')!).render(",
      '  <StrictMode>',
      '    <p data-testid="hello" className="p-4 text-lg font-medium">Hello</p>',
      '  </StrictMode>,',
      ');',
      '',
    ].join('\n'),
  );
  const seconds = runOrThrow(
    process.execPath,
    [
      viteBin,
      'build',
      dir,
      '--config',
      path.join(repoRoot, 'web/vite.config.ts'),
      '--outDir',
      path.join(dir, 'dist'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    'baseline build',
    dir,
  );
  return { distDir: path.join(dir, 'dist'), seconds };
}
