import { HashIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useChannelList, useCurrentChannel } from '../../../live/hooks';
import { Composer } from '../composer/Composer';
import { ChannelFeed } from './ChannelFeed';
import { ConnectionBanner } from './ConnectionBanner';

/**
 * The body of the main area (`channel-main`): the connection banner across its top (while the
 * live link is down), the current channel's message feed (live task cards, viewer, editors) and
 * the composer below it.
 */
export function ChannelMain({ onCreateChannel }: { onCreateChannel: () => void }) {
  const { t } = useTranslation();
  const { items, status } = useChannelList();
  const noChannels = status === 'ready' && items.length === 0;
  const channel = useCurrentChannel();

  return (
    <div data-testid="channel-main" className="flex min-h-0 flex-1 flex-col">
      <ConnectionBanner />
      {channel ? (
        <>
          <ChannelFeed key={channel.id} channel={channel} />
          <Composer channel={channel} />
        </>
      ) : noChannels ? (
        <div className="m-auto flex max-w-sm flex-col items-center gap-3 px-6 text-center">
          <div className="flex size-16 items-center justify-center rounded-full bg-primary/15 text-primary">
            <HashIcon className="size-8" aria-hidden />
          </div>
          <h2 className="text-xl font-semibold text-heading">{t('main.noChannelTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('main.noChannelText')}</p>
          <Button onClick={onCreateChannel}>
            <PlusIcon aria-hidden />
            {t('sidebar.createChannel')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
