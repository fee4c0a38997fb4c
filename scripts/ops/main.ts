import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config';
import { formatReport, replayFromSource } from './replay';
import { openReadSource } from './source';

const HELP = `Drawspace operations

Usage: npm run ops -- <command> [options]

Commands:
  replay [--channel ID] [--json]   Rebuild task and message state from the event log through the
                                   task machine; report gaps, illegal transitions and differences
                                   from the stored state. Exit code 1 when anything is wrong.

Reads DATA_DIR / MONGODB_URI like the server. Reading never needs the server stopped.
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
      const { values } = parseArgs({ args: rest, options: { channel: { type: 'string' }, json: { type: 'boolean' } } });
      const source = await openReadSource(config);
      try {
        const report = await replayFromSource(source, values.channel);
        console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
        return report.illegalTransitions + report.differences + report.problems.length > 0 ? 1 : 0;
      } finally {
        await source.close();
      }
    }
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
