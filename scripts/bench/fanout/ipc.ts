import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Request/response over the IPC channel of a forked child: the benchmark's server and client
 * processes each serve a small command map, and the parent drives them one call at a time.
 */
export type CommandMap = Record<string, { input: unknown; output: unknown }>;

type Request = { id: number; command: string; input: unknown };
/** The child's first message: it now listens for calls. */
const READY = 'bench:ready';
type Response = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: string };

export type Handlers<C extends CommandMap> = {
  [K in keyof C]: (input: C[K]['input']) => Promise<C[K]['output']>;
};

export interface ChildHandle<C extends CommandMap> {
  readonly pid: number;
  call<K extends keyof C & string>(
    command: K,
    input: C[K]['input'],
    timeoutMs?: number,
  ): Promise<C[K]['output']>;
  /** Ends the child (SIGKILL if it has not exited within 8 s; it gives its own cleanup 5 s). */
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export function forkChild<C extends CommandMap>(
  script: string,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): ChildHandle<C> {
  const child: ChildProcess = fork(path.join(path.dirname(new URL(import.meta.url).pathname), script), [], {
    cwd: root,
    execArgv: ['--import', 'tsx', ...(options.nodeArgs ?? [])],
    env: { ...process.env, ...options.env },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return handleOf<C>(script, child, {
    pid: child.pid ?? -1,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    kill: (signal) => child.kill(signal),
  });
}

/** What a handle needs of a forked child or of a cluster worker: both speak over their IPC channel. */
export interface Endpoint {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  once(event: 'exit', listener: () => void): unknown;
}

const isResponse = (message: unknown): message is Response =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as Response).id === 'number' &&
  typeof (message as Response).ok === 'boolean';

export function handleOf<C extends CommandMap>(
  name: string,
  endpoint: Endpoint,
  process: { pid: number; exited(): boolean; kill(signal: NodeJS.Signals): void },
): ChildHandle<C> {
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  let nextId = 1;
  const failAll = (error: Error) => {
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    pending.clear();
  };
  // Calls wait for the child to listen: a cluster worker's channel is read from its start (the
  // cluster's own messages), so what arrives before `serve` listens would be dropped.
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  // A cluster worker's channel also carries the cluster adapter's and sticky sessions' messages.
  endpoint.on('message', (message) => {
    if ((message as { type?: unknown } | null)?.type === READY) return listening();
    if (!isResponse(message)) return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.ok) waiter.resolve(message.output);
    else waiter.reject(new Error(`${name}: ${message.error}`));
  });
  endpoint.on('exit', (code, signal) => failAll(new Error(`${name} exited (${signal ?? code})`)));
  const exited = new Promise<void>((resolve) => endpoint.once('exit', () => resolve()));

  return {
    pid: process.pid,
    call(command, input, timeoutMs = 120_000) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: ${command} took more than ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
        void ready.then(() => endpoint.send({ id, command, input } satisfies Request));
      });
    },
    async stop() {
      if (process.exited()) return;
      process.kill('SIGTERM');
      const killer = setTimeout(() => process.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The child side: answers the parent's calls; exits when the parent goes away or asks it to. */
export function serve<C extends CommandMap>(
  handlers: Handlers<C>,
  onExit: () => Promise<void> = async () => undefined,
): void {
  if (!process.send) throw new Error('run this module through forkChild');
  const send = (message: Response | { type: typeof READY }) => process.send!(message);
  let exiting = false;
  const exit = async () => {
    if (exiting) return;
    exiting = true;
    const bounded = setTimeout(() => process.exit(1), 5000);
    await onExit().catch(() => undefined);
    clearTimeout(bounded);
    process.exit(0);
  };
  process.on('disconnect', () => void exit());
  process.on('SIGTERM', () => void exit());
  process.on('message', (message: Request) => {
    // A cluster worker's channel also carries the cluster adapter's and sticky sessions' messages.
    if (typeof message?.id !== 'number' || typeof message.command !== 'string') return;
    const handler = (handlers as Record<string, (input: unknown) => Promise<unknown>>)[message.command];
    if (!handler) return send({ id: message.id, ok: false, error: `unknown command ${message.command}` });
    handler(message.input).then(
      (output) => send({ id: message.id, ok: true, output }),
      (error: unknown) =>
        send({
          id: message.id,
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
  send({ type: READY });
}
