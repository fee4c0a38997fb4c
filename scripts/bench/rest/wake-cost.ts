import { execFile } from 'node:child_process';

const WAKES = 1000;
const WAIT_MS = 2;

/** A Node process that only sleeps: WAKES timer waits of WAIT_MS, then its CPU per wake, in µs. */
const SLEEPER = `
const wakes = ${WAKES};
const before = process.cpuUsage();
(async () => {
  for (let i = 0; i < wakes; i += 1) await new Promise((resolve) => setTimeout(resolve, ${WAIT_MS}));
  const used = process.cpuUsage(before);
  process.stdout.write(String((used.user + used.system) / wakes));
})();
`;

/**
 * What this machine charges a Node process for waking from idle (µs of CPU per wake). Every hop a
 * request makes between server processes (a member asking the primary for a rate count) is a wake
 * on each side, so the several-process figures are read beside it: a few µs on bare metal, tens
 * to a hundred on some virtual machines.
 */
export function idleWakeCostUs(): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', SLEEPER], { timeout: 60_000 }, (error, stdout) => {
      if (error) return reject(error);
      const value = Number(stdout.trim());
      if (!Number.isFinite(value)) return reject(new Error(`wake cost: unexpected output ${stdout}`));
      resolve(value);
    });
  });
}
