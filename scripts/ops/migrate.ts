import { migrateNedbFolder } from '../../server/src/storage/migrate-nedb';
import { StoreInUseError } from '../../server/src/storage/lock';
import { wantsHelp } from './args';
import type { OpsContext } from './command';

export const MIGRATE_HELP = `Usage: npm run ops -- migrate

Moves a data folder written by the NeDB versions (DATA_DIR/db/*.db) into the SQLite store
(DATA_DIR/db/drawspace.sqlite): every collection, document for document. The old files are then
renamed into DATA_DIR/db/nedb-moved-<time>/ (kept, never deleted). The server does the same at its
first start; this does it offline. A move cut off by a kill starts again cleanly.
Exit code 0 when moved or nothing to move, 1 while a server holds the folder.
`;

export async function runMigrate(args: string[], ctx: OpsContext): Promise<number> {
  if (wantsHelp(args)) {
    ctx.out(MIGRATE_HELP);
    return 0;
  }
  if (ctx.config.MONGODB_URI) {
    ctx.err('MONGODB_URI is set: there is no embedded store to move.');
    return 1;
  }
  try {
    const report = await migrateNedbFolder(ctx.config.DATA_DIR);
    if (!report) {
      ctx.out('Nothing to move: no NeDB files in this data folder (or its store was not made from them).');
      return 0;
    }
    const width = Math.max(...Object.keys(report.counts).map((name) => name.length));
    const rows = Object.entries(report.counts).map(([name, count]) => `  ${name.padEnd(width)}  ${count}`);
    ctx.out(
      `Moved to SQLite in ${report.seconds.toFixed(1)} s:\n${rows.join('\n')}\nOld files kept in ${report.keptIn}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof StoreInUseError) {
      ctx.err(error.message);
      return 1;
    }
    throw error;
  }
}
