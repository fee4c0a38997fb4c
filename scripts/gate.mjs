#!/usr/bin/env node
// The one gate: typecheck, lint, format, unit + integration tests, browser tests, resilience tests, and
// with NODE24=<node 24 binary> (.ci/run sets it) the unit + integration tests again on Node 24.
// Ends with a plain `N passed, N failed` line that sums every suite; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareNode24 } from './node24/prepare.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Counts from a vitest JSON report; a missing report (crash) counts as one failure. */
function vitestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A file that failed without a failing test (it did not load, a hook threw) counts as one failure.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
    );
    // A test that passed with failures on record passed on its second try (CI retries once).
    const retried = (report.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((t) => t.status === 'passed' && (t.failureMessages ?? []).length > 0)
        .map((t) => `${path.relative(root, file.name)} > ${t.fullName}`),
    );
    // What failed, by name, so a red run says where to look without its whole log.
    const failures = (report.testResults ?? []).flatMap((file) => {
      const name = path.relative(root, file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (tests.length > 0) return tests.map((t) => `${name} > ${t.fullName}`);
      return file.status === 'failed'
        ? [`${name}: ${(file.message ?? '').split('\n')[0].slice(0, 200)}`]
        : [];
    });
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles.length,
      retried,
      failures,
    };
  } catch {
    return { passed: 0, failed: 1, retried: [], failures: ['no report: the run crashed'] };
  }
}

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const steps = [
  {
    name: 'typecheck',
    kind: 'check',
    run: async () => {
      const results = await Promise.all(
        ['shared', 'machines', 'server', 'web', 'scripts'].map((p) =>
          run('node', ['--max-old-space-size=4096', tsc, '--noEmit', '-p', p]),
        ),
      );
      return { code: results.some((r) => r.code !== 0) ? 1 : 0 };
    },
  },
  { name: 'lint', kind: 'check', run: () => run('npx', ['eslint', '.', '--max-warnings=0']) },
  { name: 'format', kind: 'check', run: () => run('npx', ['prettier', '--check', '--log-level=warn', '.']) },
  { name: 'unit+integration', kind: 'vitest', config: 'vitest.config.ts' },
  // The machine's Node runs everything; the current LTS runs the unit + integration suite too.
  ...(process.env.NODE24
    ? [
        {
          name: 'unit+integration@node24',
          kind: 'vitest',
          config: 'vitest.config.ts',
          node: process.env.NODE24,
        },
      ]
    : []),
  { name: 'browser', kind: 'vitest', config: 'web/e2e/vitest.config.ts', build: true },
  { name: 'resilience', kind: 'vitest', config: 'scripts/resilience/vitest.config.ts', optional: true },
];

let passed = 0;
let failed = 0;
const summary = [];
for (const step of steps) {
  if (only && step.name !== only) continue;
  if (step.kind === 'check') {
    const { code } = await step.run();
    summary.push(`${step.name}: ${code === 0 ? 'ok' : 'FAILED'}`);
    if (code !== 0) failed += 1;
    continue;
  }
  if (!fs.existsSync(path.join(root, step.config))) {
    if (!step.optional) {
      summary.push(`${step.name}: missing ${step.config}`);
      failed += 1;
    }
    continue;
  }
  if (step.build) {
    const build = await run('npm', ['run', 'build', '--silent']);
    if (build.code !== 0) {
      summary.push(`${step.name}: web build FAILED`);
      failed += 1;
      continue;
    }
  }
  let env = {};
  if (step.node) {
    try {
      env = prepareNode24(step.node);
    } catch (error) {
      summary.push(`${step.name}: could not prepare ${step.node}: ${error.message}`);
      failed += 1;
      continue;
    }
  }
  const report = path.join(reportDir, `${step.name.replace(/\W+/g, '-')}.json`);
  const { code, seconds } = await run(
    step.node ?? 'node',
    [
      vitest,
      'run',
      '--config',
      step.config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  const counts = vitestCounts(report);
  // Vitest also fails a run for errors outside any test (unhandled rejections): count one.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  summary.push(`${step.name}: ${counts.passed} passed, ${counts.failed} failed (${seconds.toFixed(0)} s)`);
  for (const name of counts.retried) summary.push(`  passed on a second try (flaky): ${name}`);
  for (const name of counts.failures) summary.push(`  FAILED: ${name}`);
  if (code !== 0 && counts.failures.length === 0)
    summary.push('  FAILED: an error outside any test (see the log above)');
}

console.log('\n' + summary.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
