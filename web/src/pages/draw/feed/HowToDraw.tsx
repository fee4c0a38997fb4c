import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { prefillComposer } from '../composer/prefill';

/** A prompt every engine draws something fair from; English, as the midjourney-proxy expects. */
export const EXAMPLE_PROMPT = 'a lighthouse on a cliff at dawn, watercolor';

/**
 * What an empty channel says: how to draw here, in three short steps, and an example one click
 * puts in the composer (the person then sends it: drawing spends credits, so it is never done for them).
 */
export function HowToDraw({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const example = `/imagine ${EXAMPLE_PROMPT}`;
  return (
    <section
      aria-labelledby="how-to-draw-title"
      data-testid="how-to-draw"
      className="mt-4 max-w-xl rounded-lg border border-black/10 bg-secondary/60 p-4 dark:border-white/10 dark:bg-[#2b2d31]"
    >
      <h3 id="how-to-draw-title" className="flex items-center gap-2 text-base font-semibold text-heading">
        <SparklesIcon className="size-4 text-primary" aria-hidden />
        {t('feed.howTo.title')}
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-foreground">
        <li>{t('feed.howTo.step1')}</li>
        <li>{t('feed.howTo.step2')}</li>
        <li>{t('feed.howTo.step3')}</li>
      </ol>
      <button
        type="button"
        data-testid="how-to-draw-example"
        onClick={() => prefillComposer(channelId, example)}
        className="mt-3 inline-flex min-h-11 max-w-full items-center gap-2 rounded-md bg-primary px-3 text-left text-sm font-medium text-white outline-none hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <span className="shrink-0">{t('feed.howTo.tryExample')}</span>
        <code className="truncate font-mono text-[13px]">{example}</code>
      </button>
    </section>
  );
}
