import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleRuntimeStage, folderSize } from './stage';

/**
 * `npm run docker:rehearse [-- <folder>]`: the runtime image's /app, assembled without Docker
 * (after `npm run build`), with its size; start it with the printed command.
 */
const dir = process.argv[2]
  ? path.resolve(process.argv[2])
  : fs.mkdtempSync(path.join(os.tmpdir(), 'drawspace-image-'));
const stage = assembleRuntimeStage(dir);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(`runtime stage in ${stage.appDir}: ${mib(folderSize(stage.appDir))}`);
for (const part of ['node_modules', 'server/dist', 'web/dist'])
  console.log(`  ${part}: ${mib(folderSize(path.join(stage.appDir, part)))}`);
console.log(`not reproduced here:\n  ${stage.skipped.join('\n  ')}`);
const env = Object.entries(stage.env)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ');
console.log(`start it: cd ${stage.appDir} && ${env} ${stage.command.join(' ')}`);
