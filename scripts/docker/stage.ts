import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reproduces the Dockerfile's `runtime` stage in a folder, for machines without a Docker engine
 * (these): it reads the Dockerfile and does what its `deps` and `runtime` stages say — copies what
 * they COPY, runs the deps stage's RUN lines (its `npm ci --omit=dev`) — with the `build` stage's
 * results taken from this checkout (run `npm run build` first). What cannot happen outside a
 * container (apt-get, chown to the image's user) is skipped and listed.
 */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const IMAGE_WORKDIR = '/app';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string;
  /** The stage it starts from (`FROM <stage> AS name`), or null for an image. */
  parent: string | null;
  instructions: Instruction[];
}

/** Stages and their instructions; continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const from = rest[0] ?? '';
      stages.push({
        name: args.match(/\bAS\s+(\S+)/i)?.[1] ?? String(stages.length),
        parent: stages.some((stage) => stage.name === from) ? from : null,
        instructions: [],
      });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** A stage as carried out here, and how its image would start. */
export interface RuntimeStage {
  /** The folder that stands for the image's /app. */
  appDir: string;
  env: Record<string, string>;
  /** CMD, as the exec form's argument list. */
  command: string[];
  user: string | null;
  healthcheck: string | null;
  /** Instructions not carried out here, with why. */
  skipped: string[];
}
type StageState = RuntimeStage;

/** Where a path of the image (absolute, or relative to /app) lands in the stand-in folder. */
function inImage(state: StageState, imagePath: string): string {
  const absolute = path.posix.resolve(IMAGE_WORKDIR, imagePath);
  if (absolute !== IMAGE_WORKDIR && !absolute.startsWith(`${IMAGE_WORKDIR}/`)) {
    throw new Error(
      `the stage uses ${imagePath}, outside ${IMAGE_WORKDIR}: teach scripts/docker/stage.ts about it`,
    );
  }
  return path.join(state.appDir, path.posix.relative(IMAGE_WORKDIR, absolute));
}

function copy(state: StageState, args: string, sources: Record<string, string>): void {
  const words = args.split(/\s+/);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((w) => !w.startsWith('--'));
  const dest = paths.pop();
  if (!dest || paths.length === 0) throw new Error(`COPY ${args}: nothing to copy`);
  const base = from === undefined ? root : sources[from];
  if (!base) throw new Error(`COPY --from=${from}: no such stage here`);
  for (const source of paths) {
    // A stage's paths are the image's; the build context's are relative to this checkout.
    const relative =
      from === undefined
        ? source
        : path.posix.relative(IMAGE_WORKDIR, path.posix.resolve(IMAGE_WORKDIR, source));
    const sourcePath = path.join(base, relative);
    if (!fs.existsSync(sourcePath))
      throw new Error(`COPY ${args}: ${sourcePath} is missing (run \`npm run build\` first?)`);
    const intoFolder = dest.endsWith('/') || dest === '.';
    // Docker copies a folder's contents, and a file into a destination ending in '/'.
    const target =
      intoFolder && !fs.statSync(sourcePath).isDirectory()
        ? path.join(inImage(state, dest), path.basename(sourcePath))
        : inImage(state, dest);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(sourcePath, target, { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * A RUN starts from the image's environment, not from the `npm run` or `npm test` this may be
 * called under: npm's exported settings (npm_config_nodedir, npm_config_local_prefix…) and the
 * checkout's node_modules/.bin would change what `npm ci` does.
 */
function containerLikeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') || key === 'INIT_CWD' || key === 'NODE_OPTIONS' || key.startsWith('VITEST'))
      continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  return env;
}

function runStage(
  chain: Stage[],
  appDir: string,
  sources: Record<string, string>,
  runCommands: boolean,
): StageState {
  const state: StageState = { appDir, env: {}, command: [], user: null, healthcheck: null, skipped: [] };
  fs.mkdirSync(appDir, { recursive: true });
  const stage = chain.at(-1)!;
  for (const { keyword, args } of chain.flatMap((s) => s.instructions)) {
    switch (keyword) {
      case 'WORKDIR':
        if (args !== IMAGE_WORKDIR) throw new Error(`WORKDIR ${args}: only ${IMAGE_WORKDIR} is reproduced`);
        break;
      case 'COPY':
        copy(state, args, sources);
        break;
      case 'RUN': {
        if (!runCommands || /^apt-get\b|\bchown\b/.test(args)) {
          state.skipped.push(`${stage.name}: RUN ${args}`);
          break;
        }
        // The packages come from npm's cache when it has them (CI just ran `npm ci`).
        const result = spawnSync('sh', ['-c', args], {
          cwd: appDir,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...containerLikeEnv(),
            ...state.env,
            npm_config_prefer_offline: 'true',
            npm_config_loglevel: 'error',
          },
          encoding: 'utf8',
        });
        if (result.status !== 0)
          throw new Error(`${stage.name}: RUN ${args} failed:\n${result.stdout}\n${result.stderr}`);
        break;
      }
      case 'ENV':
        for (const match of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
          state.env[match[1]!] = match[2]!.replace(/^"|"$/g, '');
        break;
      case 'CMD':
        state.command = JSON.parse(args) as string[];
        break;
      case 'USER':
        state.user = args;
        break;
      case 'HEALTHCHECK':
        state.healthcheck = args;
        break;
      case 'EXPOSE':
      case 'VOLUME':
      case 'STOPSIGNAL':
      case 'ARG':
        break;
      default:
        throw new Error(`${keyword} in stage ${stage.name}: not reproduced by scripts/docker/stage.ts`);
    }
  }
  return state;
}

/**
 * Builds the stand-in for the runtime image under `dir` (dir/deps/app, dir/runtime/app) and says
 * how the image would start. The `build` stage is this checkout after `npm run build`.
 */
export function assembleRuntimeStage(dir: string, dockerfile = path.join(root, 'Dockerfile')): RuntimeStage {
  const stages = parseDockerfile(fs.readFileSync(dockerfile, 'utf8'));
  const runtime = stages.at(-1);
  if (!runtime) throw new Error('the Dockerfile has no stage');
  /** A stage with the stages it starts from, oldest first. */
  const chainOf = (stage: Stage): Stage[] => {
    const parent = stages.find((s) => s.name === stage.parent);
    return parent ? [...chainOf(parent), stage] : [stage];
  };
  const bases = new Set(stages.map((s) => s.parent));
  const sources: Record<string, string> = { build: root };
  const skipped = ['build: taken from this checkout (npm run build)'];
  for (const stage of stages.slice(0, -1)) {
    // A stage only others start from is carried out as part of them.
    if (stage.name === 'build' || bases.has(stage.name)) continue;
    const done = runStage(chainOf(stage), path.join(dir, stage.name, 'app'), sources, true);
    sources[stage.name] = done.appDir;
    skipped.push(...done.skipped);
  }
  // The runtime stage only assembles: a RUN there (other than the data folder's owner) would be news.
  const state = runStage(chainOf(runtime), path.join(dir, runtime.name, 'app'), sources, false);
  const unexpected = state.skipped.filter((line) => !/mkdir -p \/app\/data && chown/.test(line));
  if (unexpected.length)
    throw new Error(`the runtime stage runs commands this reproduction skips:\n${unexpected.join('\n')}`);
  return {
    appDir: state.appDir,
    env: state.env,
    command: state.command,
    user: state.user,
    healthcheck: state.healthcheck,
    skipped: [...skipped, ...state.skipped],
  };
}

/** Bytes under a folder, symlinks not followed (what the image layer would hold). */
export function folderSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderSize(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}
