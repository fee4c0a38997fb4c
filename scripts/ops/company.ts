import type { CompanyInfo } from '@draw/shared';
import type { Config } from '../../server/src/config';
import {
  CompanyCollection,
  companyRepository,
  type CompanyDoc,
  type CompanyRepository,
} from '../../server/src/features/company/repository';
import { companyService } from '../../server/src/features/company/service';
import type { Storage } from '../../server/src/storage/port';
import { parseBoolean, parseCommand, UsageError } from './args';
import { runGroup, withReadSource, withWriteStorage, type OpsContext, type Subcommand } from './command';
import { table, time } from './output';
import type { ReadSource } from './source';

const SHOW_HELP = `Usage: npm run ops -- company show [--json]

Shows the company info the site serves (GET /api/home/company-info): each field from the store
when set there, else from the configuration (COMPANY_NAME, COMPANY_DESCRIPTION, COMPANY_KEYWORDS,
SHOW_CHATGPT, SHOW_DISCORD). Read-only: works while the server runs.`;

const SET_HELP = `Usage: npm run ops -- company set [--name N] [--description D] [--keywords K]
                                [--show-chatgpt true|false] [--show-discord true|false]

Stores the given fields; they override the configuration from then on (the site reads them on
every request). Writes the store: refused while a server holds the embedded data folder (stop
it, set, start it again); with MongoDB a running server serves the change at once.`;

export const COMPANY_HELP = `Usage: npm run ops -- company <command>

Commands:
  show [--json]                        Company info as served, and where each field comes from
  set [--name N] [--description D] [--keywords K] [--show-chatgpt true|false] [--show-discord true|false]
                                       Override fields of the configured company info

Run a command with --help for details.`;

export interface CompanyView {
  info: CompanyInfo;
  /** The fields the store overrides; the others come from the configuration. */
  overridden: (keyof CompanyInfo)[];
  updatedAt: number | null;
}

function view(stored: CompanyDoc | null, info: CompanyInfo): CompanyView {
  const overridden = (Object.keys(info) as (keyof CompanyInfo)[]).filter(
    (key) => stored?.[key] !== undefined && stored[key] !== null,
  );
  return { info, overridden, updatedAt: stored?.updatedAt ?? null };
}

/** The company info exactly as the server computes it, read without taking the lock. */
export async function readCompany(source: ReadSource, config: Config): Promise<CompanyView> {
  const [stored = null] = await source.all(CompanyCollection);
  const readOnly: CompanyRepository = {
    get: async () => stored,
    set: () => Promise.reject(new Error('read-only')),
  };
  return view(stored, await companyService(config, readOnly).info());
}

export async function setCompany(
  storage: Storage,
  config: Config,
  changes: Partial<CompanyInfo>,
  now: number,
): Promise<CompanyView> {
  const service = companyService(config, companyRepository(storage));
  const stored = await service.update(changes, now);
  return view(stored, await service.info());
}

export function formatCompany({ info, overridden, updatedAt }: CompanyView): string {
  const rows = (Object.keys(info) as (keyof CompanyInfo)[]).map((key) => [
    key,
    info[key],
    overridden.includes(key) ? 'store' : 'config',
  ]);
  return `${table(['field', 'value', 'from'], rows)}\n\n${updatedAt ? `stored overrides last changed ${time(updatedAt)}` : 'no stored overrides: everything comes from the configuration'}`;
}

const subcommands: Record<string, Subcommand> = {
  show: {
    help: SHOW_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, { json: { type: 'boolean' } });
      const company = await withReadSource(ctx.config, (source) => readCompany(source, ctx.config));
      ctx.out(values.json ? JSON.stringify(company.info, null, 2) : formatCompany(company));
      return 0;
    },
  },
  set: {
    help: SET_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, {
        name: { type: 'string' },
        description: { type: 'string' },
        keywords: { type: 'string' },
        'show-chatgpt': { type: 'string' },
        'show-discord': { type: 'string' },
      });
      const changes: Partial<CompanyInfo> = {};
      if (values.name !== undefined) {
        if (!values.name.trim()) throw new UsageError('--name must not be empty.');
        changes.name = values.name.trim();
      }
      if (values.description !== undefined) changes.description = values.description.trim();
      if (values.keywords !== undefined) changes.keywords = values.keywords.trim();
      const chatgpt = parseBoolean('show-chatgpt', values['show-chatgpt']);
      if (chatgpt !== undefined) changes.isShowChatGPT = chatgpt;
      const discord = parseBoolean('show-discord', values['show-discord']);
      if (discord !== undefined) changes.isShowDiscord = discord;
      if (Object.keys(changes).length === 0)
        throw new UsageError('Nothing to set: give at least one option.');
      const company = await withWriteStorage(ctx.config, (storage) =>
        setCompany(storage, ctx.config, changes, ctx.now()),
      );
      ctx.out(`Company info updated.\n\n${formatCompany(company)}`);
      return 0;
    },
  },
};

export const runCompany = (argv: string[], ctx: OpsContext) =>
  runGroup('company', COMPANY_HELP, subcommands, argv, ctx);
