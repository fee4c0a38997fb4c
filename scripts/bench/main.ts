import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatReport, markdownOf, type BenchReport } from './report';

/**
 * `npm run bench [-- fanout rest replay web store log durability history archive attacks submit]`: runs the benchmarks one after another (never in
 * parallel: they share two cores), prints each with its same-run baseline, and writes the
 * figures as Markdown to scripts/bench/results/latest.md for docs/PERFORMANCE.md.
 */
const benches: Record<string, () => Promise<BenchReport>> = {
  fanout: async () => (await import('./fanout')).run(),
  rest: async () => (await import('./rest')).run(),
  replay: async () => (await import('./replay')).run(),
  web: async () => (await import('./web')).run(),
  store: async () => (await import('./store')).run(),
  log: async () => (await import('./log')).run(),
  durability: async () => (await import('./durability')).run(),
  history: async () => (await import('./history')).run(),
  archive: async () => (await import('./archive')).run(),
  submit: async () => (await import('./submit')).run(),
  attacks: async () => (await import('./attacks')).run(),
};
/** Run only when asked for by name: they take from minutes (durability) to an hour (history). */
const onRequest = new Set(['durability', 'history', 'submit']);

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(benches).filter((name) => !onRequest.has(name));

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
console.log(
  `machine: ${machine}\nload average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);

const sections: string[] = [];
for (const name of names) {
  const started = Date.now();
  const bench = benches[name];
  if (!bench) continue;
  const report = await bench();
  console.log(`${formatReport(report)}\n(${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  sections.push(markdownOf(report));
}

const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'latest.md');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  [
    `Measured ${new Date().toISOString()} on ${machine} with \`npm run bench -- ${names.join(' ')}\`.`,
    '',
    ...sections,
  ].join('\n\n') + '\n',
);
console.log(`written: ${path.relative(process.cwd(), out)}`);
process.exit(0);
