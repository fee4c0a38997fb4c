import { LANGUAGES, Period, type Language } from '@draw/shared';
import { billingRepository, Products, type ProductDoc } from '../../server/src/features/billing/repository';
import {
  productsService,
  type ProductInput,
  type ProductPatch,
  type ProductsService,
} from '../../server/src/features/billing/products';
import type { Storage } from '../../server/src/storage/port';
import { OpsError, parseCommand, UsageError } from './args';
import { runGroup, withReadSource, withWriteStorage, type OpsContext, type Subcommand } from './command';
import { pairs, table, time } from './output';
import type { ReadSource } from './source';

const LIST_HELP = `Usage: npm run ops -- products list [--json]

Lists every product, on sale or not, by period (Day, Month, Year) then sort order: id, name,
price (yuan), period, credits per purchase, whether it is on sale. Read-only: works while the
server runs. (A store the server never started holds no products yet: the defaults are written
on the first start, or by the first products add/update/disable.)`;

const ADD_HELP = `Usage: npm run ops -- products add --name N --price YUAN --period Day|Month|Year --credits N
                                [--id ID] [--description D] [--sort N] [--json]

Adds a product on sale. --price in yuan with at most two decimals (29.90 = 2990 cents). One
purchase activates or extends the plan by one period and grants --credits once. --id defaults
to a random "p-…". Writes the store: refused while a server holds the embedded data folder.`;

const UPDATE_HELP = `Usage: npm run ops -- products update <id> [--name N] [--description D] [--price YUAN]
                                [--period Day|Month|Year] [--credits N] [--sort N] [--lang L] [--enable]

Changes the given fields. With --lang zh-CN|en-US|zh-TW, --name and --description set that
language's translation instead of the default text. Orders already placed keep their price and
credits. Writes the store: refused while a server holds the embedded data folder.`;

const DISABLE_HELP = `Usage: npm run ops -- products disable <id>

Takes a product off sale: the subscribe dialog no longer lists it and it cannot be ordered.
Orders already paid and plans already held are not touched; redeem codes minted for it still
work. Undo with products update <id> --enable. Writes the store.`;

/** The product fields `add` and `update` both take. */
const PRODUCT_OPTIONS = {
  name: { type: 'string' },
  description: { type: 'string' },
  price: { type: 'string' },
  period: { type: 'string' },
  credits: { type: 'string' },
  sort: { type: 'string' },
} as const;

export const PRODUCTS_HELP = `Usage: npm run ops -- products <command>

Commands:
  list [--json]                                               Every product, on sale or not
  add --name N --price YUAN --period P --credits N [--id ID]  Add a product on sale
  update <id> [--name] [--description] [--price] [--period] [--credits] [--sort] [--lang L] [--enable]
                                                              Change a product
  disable <id>                                                Take a product off sale

Run a command with --help for details.`;

/** `29.9` / `29.90` / `29` yuan → 2990 / 2990 / 2900 cents, without floating point. */
export function parsePrice(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!match)
    throw new UsageError(`--price takes yuan with at most two decimals, e.g. 29.90 (got "${raw}").`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents < 1) throw new UsageError('--price must be more than 0.');
  return cents;
}

function parsePeriod(raw: string | undefined): Period | undefined {
  if (raw === undefined) return undefined;
  const period = Object.values(Period).find((p) => p.toLowerCase() === raw.toLowerCase());
  if (!period) throw new UsageError(`--period takes Day, Month or Year (got "${raw}").`);
  return period;
}

function parseInteger(option: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${option} takes a whole number (got "${raw}").`);
  return Number(raw);
}

function parseLanguage(raw: string | undefined): Language | undefined {
  if (raw === undefined) return undefined;
  const language = LANGUAGES.find((l) => l.toLowerCase() === raw.toLowerCase());
  if (!language) throw new UsageError(`--lang takes ${LANGUAGES.join(', ')} (got "${raw}").`);
  return language;
}

export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The products service on a store opened for writing, defaults seeded first (as a first start would). */
export async function productsOn(storage: Storage, now: () => number): Promise<ProductsService> {
  const products = productsService({ repo: billingRepository(storage), now });
  await products.seedDefaults();
  return products;
}

export async function listProducts(source: ReadSource): Promise<ProductDoc[]> {
  const order = { Day: 0, Month: 1, Year: 2 } as const;
  return (await source.all(Products)).sort(
    (a, b) =>
      order[a.period] - order[b.period] || a.sort - b.sort || a.price - b.price || a._id.localeCompare(b._id),
  );
}

export function formatProducts(products: readonly ProductDoc[]): string {
  if (products.length === 0) return 'No products yet (the server writes the defaults on its first start).';
  const rows = products.map((p) => [
    p._id,
    p.period,
    p.name,
    `${yuan(p.price)} ${p.currency}`,
    p.credits,
    p.enabled ? 'on sale' : 'disabled',
    p.sort,
    time(p.updatedAt),
  ]);
  return `${table(['id', 'period', 'name', 'price', 'credits', 'state', 'sort', 'updated'], rows)}\n\n${products.length} products`;
}

function describe(product: ProductDoc): string {
  return pairs([
    ['id', product._id],
    ['name', product.name],
    ['description', product.description],
    ['price', `${yuan(product.price)} ${product.currency}`],
    ['period', product.period],
    ['credits', product.credits],
    ['sort', product.sort],
    ['on sale', product.enabled],
    ...Object.entries(product.translations ?? {}).map(
      ([language, t]) => [`name (${language})`, t?.name] as const,
    ),
  ]);
}

const printed = (ctx: OpsContext, json: boolean | undefined, heading: string, product: ProductDoc) =>
  ctx.out(json ? JSON.stringify(product, null, 2) : `${heading}\n${describe(product)}`);

async function mustExist(products: ProductsService, id: string): Promise<ProductDoc> {
  const doc = await products.get(id);
  if (!doc) throw new OpsError(`No product with the id "${id}". See: npm run ops -- products list`);
  return doc;
}

const subcommands: Record<string, Subcommand> = {
  list: {
    help: LIST_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, { json: { type: 'boolean' } });
      const products = await withReadSource(ctx.config, listProducts);
      ctx.out(values.json ? JSON.stringify(products, null, 2) : formatProducts(products));
      return 0;
    },
  },
  add: {
    help: ADD_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, {
        id: { type: 'string' },
        ...PRODUCT_OPTIONS,
        json: { type: 'boolean' },
      });
      if (!values.name || !values.price || !values.period || values.credits === undefined)
        throw new UsageError('Give --name, --price, --period and --credits.');
      const input: ProductInput = {
        id: values.id,
        name: values.name,
        description: values.description,
        price: parsePrice(values.price)!,
        period: parsePeriod(values.period)!,
        credits: parseInteger('credits', values.credits)!,
        sort: parseInteger('sort', values.sort),
      };
      const product = await withWriteStorage(ctx.config, async (storage) => {
        const products = await productsOn(storage, ctx.now);
        if (input.id && (await products.get(input.id)))
          throw new OpsError(`A product with the id "${input.id}" already exists.`);
        return products.add(input);
      });
      printed(ctx, values.json, 'Added product', product);
      return 0;
    },
  },
  update: {
    help: UPDATE_HELP,
    async run(args, ctx) {
      const { values, positionals } = parseCommand(
        args,
        {
          ...PRODUCT_OPTIONS,
          lang: { type: 'string' },
          enable: { type: 'boolean' },
          json: { type: 'boolean' },
        },
        { min: 1, max: 1, names: 'the product id' },
      );
      const patch: ProductPatch = {
        name: values.name,
        description: values.description,
        price: parsePrice(values.price),
        period: parsePeriod(values.period),
        credits: parseInteger('credits', values.credits),
        sort: parseInteger('sort', values.sort),
        language: parseLanguage(values.lang),
        enabled: values.enable ? true : undefined,
      };
      if (Object.values(patch).every((v) => v === undefined))
        throw new UsageError('Nothing to change: give at least one option.');
      if (patch.language && patch.name === undefined && patch.description === undefined)
        throw new UsageError('--lang goes with --name and/or --description.');
      const product = await withWriteStorage(ctx.config, async (storage) => {
        const products = await productsOn(storage, ctx.now);
        await mustExist(products, positionals[0]!);
        return products.update(positionals[0]!, patch);
      });
      printed(ctx, values.json, 'Updated product', product);
      return 0;
    },
  },
  disable: {
    help: DISABLE_HELP,
    async run(args, ctx) {
      const { positionals } = parseCommand(args, {}, { min: 1, max: 1, names: 'the product id' });
      const id = positionals[0]!;
      const { product, changed } = await withWriteStorage(ctx.config, async (storage) => {
        const products = await productsOn(storage, ctx.now);
        const current = await mustExist(products, id);
        if (!current.enabled) return { product: current, changed: false };
        return { product: await products.update(id, { enabled: false }), changed: true };
      });
      ctx.out(
        changed
          ? `Disabled ${product.name} (${product._id}): it is no longer on sale.`
          : `${product.name} (${product._id}) is already disabled; nothing changed.`,
      );
      return 0;
    },
  },
};

export const runProducts = (argv: string[], ctx: OpsContext) =>
  runGroup('products', PRODUCTS_HELP, subcommands, argv, ctx);
