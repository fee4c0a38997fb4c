import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_COLLECTIONS } from './collections';

const src = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the list of every stored collection', () => {
  it('names each collection the server defines, so a moved store gets all their indexes', () => {
    const defined = sourceFiles(src).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/defineCollection<[^>]*>\(\s*'([a-z_]+)'/g)].map(
        (match) => match[1]!,
      ),
    );
    expect(defined.length).toBeGreaterThan(10);
    expect(ALL_COLLECTIONS.map((def) => def.name).sort()).toEqual([...new Set(defined)].sort());
  });
});
