import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TOP = 12;

/** `node_modules/a/…` → `a`, `node_modules/@s/b/…` → `@s/b`, our files → their folder. */
function ownerOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/\\/g, '/');
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return pkg[1]!;
  const ours = /\/(web|shared|machines)\/src\/(.*)$/.exec(clean);
  if (ours) return `${ours[1]}/${ours[2]!.split('/').slice(0, -1).join('/') || '.'}`;
  return clean;
}

/**
 * With BUNDLE_REPORT=<file>, writes what each chunk carries: its gzip size and its largest
 * contributors (packages, or our folders) by rendered bytes before minification, so a reader
 * sees what to split without a visualiser (none is installed). Off otherwise.
 */
export function bundleReport(): Plugin {
  const out = process.env.BUNDLE_REPORT;
  return {
    name: 'drawspace-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (!out) return;
      const lines: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const gzip = zlib.gzipSync(chunk.code, { level: 9 }).length;
        const owners = new Map<string, number>();
        let total = 0;
        for (const [id, mod] of Object.entries(chunk.modules)) {
          owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + mod.renderedLength);
          total += mod.renderedLength;
        }
        const top = [...owners].sort((a, b) => b[1] - a[1]).slice(0, TOP);
        const parts = top.map(
          ([name, bytes]) => `${name} ${((100 * bytes) / Math.max(total, 1)).toFixed(0)}%`,
        );
        lines.push(
          `${chunk.fileName}\t${(gzip / 1024).toFixed(1)} KB gzip\t${chunk.isEntry ? 'entry' : chunk.isDynamicEntry ? 'lazy' : 'shared'}\t${parts.join(', ')}`,
        );
      }
      fs.writeFileSync(out, `${lines.sort().join('\n')}\n`);
      if (process.env.BUNDLE_REPORT_MODULES) {
        const modules = Object.values(bundle).flatMap((chunk) =>
          chunk.type === 'chunk'
            ? Object.entries(chunk.modules).map(
                ([id, mod]) =>
                  `${chunk.fileName}\t${mod.renderedLength}\t${id.replace(/^.*node_modules\//, '').replace(/^.*\/(web|shared|machines)\/src\//, '$1/')}`,
              )
            : [],
        );
        fs.writeFileSync(process.env.BUNDLE_REPORT_MODULES, `${modules.join('\n')}\n`);
      }
    },
  };
}
