import type { BotType } from '@draw/shared';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { InfoCard } from './InfoCard';

// Opened on demand: its code loads on first open (or when the page is idle), not with the composer.
const SettingsPanel = lazyWhenOpen(
  async () => (await import('./SettingsPanel')).SettingsPanel,
  () => true,
);

/** The bot's answers shown above the composer: /settings and /info. */
export type Panel = 'settings' | 'info' | null;

export interface ComposerPanelsProps {
  panel: Panel;
  channelId: string;
  botType: BotType;
  engine: string | null;
  onClose(): void;
}

export function ComposerPanels({ panel, channelId, botType, engine, onClose }: ComposerPanelsProps) {
  if (panel === 'settings')
    return (
      <SettingsPanel
        key={botType}
        channelId={channelId}
        botType={botType}
        engine={engine}
        onClose={onClose}
      />
    );
  if (panel === 'info')
    return (
      <InfoCard key={botType} channelId={channelId} botType={botType} engine={engine} onClose={onClose} />
    );
  return null;
}
