import { randomBytes } from 'node:crypto';
import { ErrorReason, LANGUAGES, Period, type Language, type Product } from '@draw/shared';
import { AppError } from '../../errors';
import type { BillingRepository, ProductDoc } from './repository';

export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const PERIOD_ORDER: Record<Period, number> = { [Period.Day]: 0, [Period.Month]: 1, [Period.Year]: 2 };

type Seed = Omit<ProductDoc, 'createdAt' | 'updatedAt' | 'enabled' | 'currency'>;

/** What a fresh installation sells (prices in CNY cents). Written once, on the first start. */
export const DEFAULT_PRODUCTS: readonly Seed[] = [
  {
    _id: 'day-trial',
    name: 'Day Pass',
    description: 'Try a whole day of drawing.',
    price: 390,
    period: Period.Day,
    credits: 30,
    sort: 10,
    translations: {
      'zh-CN': { name: '体验日卡', description: '先体验一天，感受完整的创作流程。' },
      'zh-TW': { name: '體驗日卡', description: '先體驗一天，感受完整的創作流程。' },
    },
  },
  {
    _id: 'day-plus',
    name: 'Day Pass Plus',
    description: 'A full day of drawing without holding back.',
    price: 990,
    period: Period.Day,
    credits: 100,
    sort: 20,
    translations: {
      'zh-CN': { name: '畅享日卡', description: '一整天尽情创作，不必精打细算。' },
      'zh-TW': { name: '暢享日卡', description: '一整天盡情創作，不必精打細算。' },
    },
  },
  {
    _id: 'month-basic',
    name: 'Basic',
    description: 'For drawing now and then.',
    price: 2900,
    period: Period.Month,
    credits: 400,
    sort: 10,
    translations: {
      'zh-CN': { name: '基础版', description: '适合偶尔创作的个人用户。' },
      'zh-TW': { name: '基礎版', description: '適合偶爾創作的個人使用者。' },
    },
  },
  {
    _id: 'month-standard',
    name: 'Standard',
    description: 'For creators who draw every week.',
    price: 6900,
    period: Period.Month,
    credits: 1200,
    sort: 20,
    translations: {
      'zh-CN': { name: '标准版', description: '适合每周都在创作的创作者。' },
      'zh-TW': { name: '標準版', description: '適合每週都在創作的創作者。' },
    },
  },
  {
    _id: 'month-pro',
    name: 'Pro',
    description: 'For studios and heavy use.',
    price: 14900,
    period: Period.Month,
    credits: 3000,
    sort: 30,
    translations: {
      'zh-CN': { name: '专业版', description: '适合工作室与重度使用。' },
      'zh-TW': { name: '專業版', description: '適合工作室與重度使用。' },
    },
  },
  {
    _id: 'year-standard',
    name: 'Standard Yearly',
    description: 'Pay for a year: about two months free.',
    price: 69000,
    period: Period.Year,
    credits: 15000,
    sort: 10,
    translations: {
      'zh-CN': { name: '标准年卡', description: '按年付费，相当于多送两个月。' },
      'zh-TW': { name: '標準年卡', description: '按年付費，相當於多送兩個月。' },
    },
  },
  {
    _id: 'year-pro',
    name: 'Pro Yearly',
    description: 'The lowest price per credit, for teams.',
    price: 149000,
    period: Period.Year,
    credits: 40000,
    sort: 20,
    translations: {
      'zh-CN': { name: '专业年卡', description: '单价最低，适合团队长期使用。' },
      'zh-TW': { name: '專業年卡', description: '單價最低，適合團隊長期使用。' },
    },
  },
];

export interface ProductInput {
  id?: string;
  name: string;
  description?: string;
  price: number;
  period: Period;
  credits: number;
  sort?: number;
  currency?: string;
}

export type ProductPatch = Partial<Omit<ProductInput, 'id'>> & { enabled?: boolean; language?: Language };

const isDuplicate = (error: unknown) => error instanceof AppError && error.reason === ErrorReason.Conflict;

export function checkProductFields(input: Partial<ProductInput>): void {
  const problems: string[] = [];
  if (input.id !== undefined && !PRODUCT_ID_PATTERN.test(input.id))
    problems.push('id must be 1–64 letters, digits, - or _');
  if (input.name !== undefined && (input.name.trim().length < 1 || input.name.length > 64))
    problems.push('name must be 1–64 characters');
  if (input.description !== undefined && input.description.length > 500)
    problems.push('description must be at most 500 characters');
  if (
    input.price !== undefined &&
    (!Number.isInteger(input.price) || input.price < 1 || input.price > 100_000_000)
  )
    problems.push('price must be a whole number of cents, at least 1');
  if (
    input.credits !== undefined &&
    (!Number.isInteger(input.credits) || input.credits < 0 || input.credits > 100_000_000)
  )
    problems.push('credits must be a whole number ≥ 0');
  if (input.period !== undefined && !Object.values(Period).includes(input.period))
    problems.push(`period must be one of ${Object.values(Period).join(', ')}`);
  if (input.currency !== undefined && !/^[A-Z]{3}$/.test(input.currency))
    problems.push('currency must be a 3-letter code such as CNY');
  if (problems.length > 0)
    throw new AppError(ErrorReason.BadRequest, 'error.validation', { detail: problems.join('; ') });
}

export function localizedProduct(doc: ProductDoc, language: Language): Product {
  const translated = doc.translations?.[language];
  return {
    id: doc._id,
    name: translated?.name || doc.name,
    description: translated?.description || doc.description,
    price: doc.price,
    currency: doc.currency,
    period: doc.period,
    credits: doc.credits,
  };
}

const byPeriodThenSort = (a: ProductDoc, b: ProductDoc) =>
  PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period] ||
  a.sort - b.sort ||
  a.price - b.price ||
  a._id.localeCompare(b._id);

export function productsService({
  repo,
  now,
}: {
  repo: Pick<BillingRepository, 'products'>;
  now: () => number;
}) {
  const { products } = repo;
  const get = async (id: string): Promise<ProductDoc | null> =>
    PRODUCT_ID_PATTERN.test(id) ? products.byId(id) : null;

  return {
    /** Writes the default products when the store has none yet (first start); safe to run twice or in parallel. */
    async seedDefaults(): Promise<number> {
      if (await products.any()) return 0;
      let written = 0;
      for (const seed of DEFAULT_PRODUCTS) {
        const at = now();
        try {
          await products.create({ ...seed, currency: 'CNY', enabled: true, createdAt: at, updatedAt: at });
          written += 1;
        } catch (error) {
          if (!isDuplicate(error)) throw error; // another process seeded it first
        }
      }
      return written;
    },

    /** What is for sale, in the asker's language: by period (Day, Month, Year), then as sorted. */
    async forSale(language: Language): Promise<Product[]> {
      const docs = await products.enabled();
      return docs.sort(byPeriodThenSort).map((doc) => localizedProduct(doc, language));
    },

    async all(): Promise<ProductDoc[]> {
      return (await products.all()).sort(byPeriodThenSort);
    },

    get,

    /** A product that can be bought now. */
    async purchasable(id: string): Promise<ProductDoc> {
      const doc = await get(id);
      if (!doc || !doc.enabled) throw new AppError(ErrorReason.BadRequest, 'billing.productUnknown');
      return doc;
    },

    async add(input: ProductInput): Promise<ProductDoc> {
      checkProductFields(input);
      const at = now();
      return products.create({
        _id: input.id ?? `p-${randomBytes(4).toString('hex')}`,
        name: input.name.trim(),
        description: input.description?.trim() ?? '',
        price: input.price,
        currency: input.currency ?? 'CNY',
        period: input.period,
        credits: input.credits,
        sort: input.sort ?? 0,
        enabled: true,
        translations: {},
        createdAt: at,
        updatedAt: at,
      });
    },

    /** Changes the given fields; with `language`, name and description go to that translation. */
    async update(id: string, patch: ProductPatch): Promise<ProductDoc> {
      checkProductFields(patch);
      const doc = await get(id);
      if (!doc) throw new AppError(ErrorReason.BadRequest, 'billing.productUnknown');
      const set: Record<string, unknown> = { updatedAt: now() };
      for (const key of ['price', 'period', 'credits', 'sort', 'enabled', 'currency'] as const) {
        if (patch[key] !== undefined) set[key] = patch[key];
      }
      if (patch.language) {
        if (!LANGUAGES.includes(patch.language))
          throw new AppError(ErrorReason.BadRequest, 'error.validation', {
            detail: `language must be one of ${LANGUAGES.join(', ')}`,
          });
        const current = doc.translations?.[patch.language];
        set.translations = {
          ...doc.translations,
          [patch.language]: {
            name: patch.name?.trim() ?? current?.name ?? doc.name,
            description: patch.description?.trim() ?? current?.description ?? doc.description,
          },
        };
      } else {
        if (patch.name !== undefined) set.name = patch.name.trim();
        if (patch.description !== undefined) set.description = patch.description.trim();
      }
      const updated = await products.setFields(id, set as Partial<ProductDoc>);
      if (!updated) throw new AppError(ErrorReason.BadRequest, 'billing.productUnknown');
      return updated;
    },
  };
}
export type ProductsService = ReturnType<typeof productsService>;
