// The gate's Node 24 stage (scripts/gate.mjs, enabled by NODE24=<path to a node 24 binary>, which
// .ci/run installs from the npm registry as the `node` package): the native addons installed for
// the machine's Node do not load in another ABI. sharp and @node-rs/argon2 use Node-API and load
// as they are; better-sqlite3 does not, so a second copy is compiled against the Node 24 headers
// (shipped in the `node` package) into .cache, once per version and ABI.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The headers beside a node binary: a release tarball's layout, or the npm `node` package's. */
function nodeDirOf(binary) {
  const real = fs.realpathSync(binary);
  const candidates = [
    path.resolve(real, '../..'),
    path.resolve(real, '../../node_modules', `node-${process.platform}-${process.arch}`),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'include/node/node.h')));
  if (!found) throw new Error(`no Node headers (include/node/node.h) found beside ${binary}`);
  return found;
}

function nodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    path.resolve(
      path.dirname(fs.realpathSync(process.execPath)),
      '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
    ),
  ];
  const found = candidates.find((file) => file && fs.existsSync(file));
  if (!found) throw new Error('node-gyp (bundled with npm) not found');
  return found;
}

/** Environment that makes `binary` run the suite with a better-sqlite3 built for it. */
export function prepareNode24(binary) {
  const abi = execFileSync(binary, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const packageDir = path.join(root, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const addon = path.join(root, '.cache/node24', `better-sqlite3-${version}-abi${abi}.node`);
  if (!fs.existsSync(addon)) {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'better-sqlite3-node24-'));
    try {
      for (const part of ['binding.gyp', 'package.json', 'deps', 'src'])
        fs.cpSync(path.join(packageDir, part), path.join(build, part), { recursive: true });
      console.log(`Compiling better-sqlite3 ${version} for Node ABI ${abi}…`);
      const nodedir = nodeDirOf(binary);
      // npm passes its own `nodedir` (an .npmrc may name the machine's Node headers) to scripts as
      // npm_config_nodedir, which node-gyp prefers to the flag: both must name Node 24's headers.
      const env = { ...process.env, npm_config_nodedir: nodedir, NPM_CONFIG_NODEDIR: nodedir };
      execFileSync(
        binary,
        [nodeGyp(), 'rebuild', '--release', `--nodedir=${nodedir}`, `-j`, String(os.availableParallelism())],
        { cwd: build, env, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      const built = path.join(build, 'build/Release/better_sqlite3.node');
      const loaded = execFileSync(
        binary,
        ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(built)}); console.log('ok')`],
        { encoding: 'utf8' },
      ).trim();
      if (loaded !== 'ok') throw new Error(`better-sqlite3 built for Node ABI ${abi} does not load`);
      fs.mkdirSync(path.dirname(addon), { recursive: true });
      fs.copyFileSync(built, addon);
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  }
  const preload = path.join(root, 'scripts/node24/preload.cjs');
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(preload)}`.trim(),
    DRAWSPACE_NODE24_SQLITE_ADDON: addon,
    DRAWSPACE_NODE24_ABI: abi,
  };
}
