import { HashIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { channelsStore } from '../../../stores/channels';
import { chatStore } from '../../../stores/chat';

/**
 * The body of the main area (`channel-main`). Hook point: the message list and composer of the
 * current channel (`chatStore.currentChannel`) go here; until then it shows the channel's welcome.
 */
export function ChannelMain({ onCreateChannel }: { onCreateChannel: () => void }) {
  const { t } = useTranslation();
  const { currentChannel } = useSnapshot(chatStore);
  const { items, status } = useSnapshot(channelsStore);
  const noChannels = status === 'ready' && items.length === 0;

  return (
    <div data-testid="channel-main" className="scrollbar-thin flex min-h-0 flex-1 flex-col overflow-y-auto">
      {currentChannel ? (
        <div className="mt-auto px-4 pb-8 sm:px-6">
          <div className="mb-4 flex size-[68px] items-center justify-center rounded-full bg-secondary text-heading dark:bg-[#41434a]">
            <HashIcon className="size-10" aria-hidden />
          </div>
          <h2 className="text-[28px] leading-tight font-bold text-heading sm:text-[32px]">{t('main.welcomeTitle', { title: currentChannel.title })}</h2>
          <p className="mt-2 text-base text-muted-foreground">{t('main.welcomeText', { title: currentChannel.title })}</p>
        </div>
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
