import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config';
import { formatReport, replayFromSource } from './replay';
import { openReadSource } from './source';
import { consoleContext } from './command';
import { runUsers } from './users';
import { runCompany } from './company';
import { runChannel } from './channel';
import { runProducts } from './products';
import { runCodes } from './codes';
import { runMigrate } from './migrate';

const HELP = `Drawspace operations

Usage: npm run ops -- <command> [options]

Commands:
  replay [--channel ID] [--json]   Rebuild task and message state from the event log through the
                                   task machine; report gaps, illegal transitions and differences
                                   from the stored state. Exit code 1 when anything is wrong.
  users create|list|admin          Create users (phone/email, password, admin), list them, grant or
                                   revoke the site admin role.
  company show|set                 Show the company info as served; override its fields.
  channel show|export <channelId>  Members, invite state, seq, counts, last events; or the whole
                                   history as JSON.
  products list|add|update|disable Plans for sale: list them, add one, change price, credits, names,
                                   take one off sale.
  codes mint|list                  Mint redeem codes (credits or a plan; count, uses, expiry); list
                                   them with their use.
  migrate                          Move a data folder written by the NeDB versions (db/*.db) into
                                   the SQLite store, as the server does at its first start.

Run a command with --help for its options. users create/admin, company set, products
add/update/disable and codes mint write the store, also while a server runs (it sees the change
at once). migrate needs the server stopped (exit code 1 while one holds the folder).

Reads DATA_DIR / MONGODB_URI like the server. Reading never needs the server stopped.
`;

const REPLAY_HELP = `Usage: npm run ops -- replay [--channel ID] [--json]

Reads the event log (every channel, or one with --channel), runs each task's events through the
task machine, rebuilds tasks and messages, and compares them with the stored state. Prints a
summary (events read, tasks and messages rebuilt, illegal transitions, differences, time) and
each problem found; --json prints the whole report. Exit code 0 when all is consistent, 1 when
anything is wrong. Safe while the server runs: it reads the store through a read-only connection.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case 'replay': {
      const { values } = parseArgs({
        args: rest,
        options: {
          channel: { type: 'string' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      });
      if (values.help) {
        console.log(REPLAY_HELP);
        return 0;
      }
      const source = await openReadSource(config);
      try {
        const report = await replayFromSource(source, values.channel);
        console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
        return report.illegalTransitions + report.differences + report.problems.length > 0 ? 1 : 0;
      } finally {
        await source.close();
      }
    }
    case 'migrate':
      return runMigrate(rest, consoleContext(config));
    case 'users':
      return runUsers(rest, consoleContext(config));
    case 'company':
      return runCompany(rest, consoleContext(config));
    case 'channel':
      return runChannel(rest, consoleContext(config));
    case 'products':
      return runProducts(rest, consoleContext(config));
    case 'codes':
      return runCodes(rest, consoleContext(config));
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
