import type { Plugin } from 'vite';

/** Chrome's explicit compile hint: compile every function of the file eagerly, as it streams in. */
export const EAGER_COMPILE = '//# allFunctionsCalledOnLoad';

/**
 * The first screen runs most of what its chunks hold (React, the router, the store, the shell,
 * the feed); left to V8's lazy compile, each function is compiled on the main thread the first
 * time it runs, inside the first renders. The hint lets Chrome (136 and later) compile them on
 * a background thread while the chunk downloads; other browsers read a comment. Only the entry
 * and the chunks it imports statically carry it: a lazy chunk's functions may never run.
 */
export function compileHints(): Plugin {
  return {
    name: 'drawspace-compile-hints',
    apply: 'build',
    // After Vite's own import analysis, which puts its preload map at the top of the entry.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { code: string; imports: string[]; isEntry: boolean }>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const [fileName, chunk] of chunks) if (chunk.isEntry) visit(fileName);
      for (const fileName of initial) {
        const chunk = chunks.get(fileName);
        if (chunk && !chunk.code.startsWith(EAGER_COMPILE)) chunk.code = `${EAGER_COMPILE}\n${chunk.code}`;
      }
    },
  };
}
