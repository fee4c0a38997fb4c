import { describe, expect, it } from 'vitest';
import { compileHints, EAGER_COMPILE } from './compileHints';

type Chunk = { type: 'chunk'; fileName: string; code: string; imports: string[]; dynamicImports: string[]; isEntry: boolean };
const chunk = (fileName: string, imports: string[] = [], more: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  code: `export const x = () => "${fileName}";`,
  imports,
  dynamicImports: [],
  isEntry: false,
  ...more,
});

function build(chunks: Chunk[]) {
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  const plugin = compileHints();
  (plugin.generateBundle as (options: unknown, bundle: unknown) => void).call({}, {}, bundle);
  return (fileName: string) => bundle[fileName]!.code.startsWith(`${EAGER_COMPILE}\n`);
}

describe('compile hints in the build', () => {
  it('marks the entry and what it imports statically, at any depth, and no chunk loaded on demand', () => {
    const hinted = build([
      chunk('index.js', ['react.js', 'http.js'], { isEntry: true, dynamicImports: ['SettingsDialog.js'] }),
      chunk('react.js'),
      chunk('http.js', ['errors.js']),
      chunk('errors.js'),
      chunk('SettingsDialog.js', ['dialog.js']),
      chunk('dialog.js'),
    ]);
    expect(['index.js', 'react.js', 'http.js', 'errors.js'].filter(hinted)).toEqual(['index.js', 'react.js', 'http.js', 'errors.js']);
    expect(['SettingsDialog.js', 'dialog.js'].filter(hinted)).toEqual([]);
  });

  it('adds the hint once, and leaves the code after it as it was', () => {
    const shared = chunk('shared.js');
    const original = shared.code;
    build([chunk('a.js', ['shared.js'], { isEntry: true }), chunk('b.js', ['shared.js'], { isEntry: true }), shared]);
    expect(shared.code).toBe(`${EAGER_COMPILE}\n${original}`);
  });
});
