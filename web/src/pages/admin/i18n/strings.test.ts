import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW';

type Tree = string | { readonly [key: string]: Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof tree === 'string') return found.set(prefix, tree);
  for (const [key, value] of Object.entries(tree))
    for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) found.set(path, leaf);
  return found;
}

const reference = leaves(zhCN);
const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join();

describe('the console’s strings', () => {
  it.each([
    ['en-US', enUS],
    ['zh-TW', zhTW],
  ])('%s has every key of zh-CN, none empty, with the same placeholders', (_, catalogue) => {
    const own = leaves(catalogue);
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
    expect([...own].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    expect(
      [...reference]
        .filter(([key, text]) => placeholders(text) !== placeholders(own.get(key)))
        .map(([key]) => key),
    ).toEqual([]);
  });
});
