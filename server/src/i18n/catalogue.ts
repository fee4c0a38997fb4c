import type { Language } from '@draw/shared';

/**
 * One message in every language. Its own file: the feature catalogues that `messages.ts` spreads
 * in need this type, and importing it from `messages.ts` made each of them a cycle with it.
 */
export type Catalogue = Record<Language, string>;
