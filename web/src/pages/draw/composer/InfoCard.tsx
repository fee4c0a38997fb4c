import type { BotType, DrawInfo } from '@draw/shared';
import { Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { call, reportFailure } from '../../../lib/http';
import { useEngineDisplayName } from '../engines/engineName';
import { EphemeralCard } from './EphemeralCard';
import { versionLabel } from './settingsText';

export interface InfoCardProps {
  channelId: string;
  botType: BotType;
  /** The engine the person's next task goes to, when known (the card names it). */
  engine?: string | null;
  onClose: () => void;
}

/** Midjourney's /info as an ephemeral card: an embed with the engine, plan, credits, job mode, remix, version and jobs. */
export function InfoCard({ channelId, botType, engine, onClose }: InfoCardProps) {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<DrawInfo | null>(null);
  const [failed, setFailed] = useState(false);
  // The engine the next task goes to (a person's pick may differ from the site's, which the server names).
  const engineName = useEngineDisplayName(engine, botType);

  useEffect(() => {
    let live = true;
    call(api.settings.info, { params: { id: channelId }, query: { botType } }).then(
      (answer) => live && setInfo(answer),
      (error: unknown) => {
        if (!live) return;
        reportFailure(error);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [channelId, botType]);

  const title = t('composer.info.title');
  const fields: [string, string, string][] = info
    ? [
        ['engine', t('composer.info.engine'), engine ? engineName : info.engine],
        ['plan', t('composer.info.plan'), info.plan ?? t('composer.info.noPlan')],
        ...(info.renewsAt
          ? [
              [
                'renews',
                t('composer.info.renewsAt'),
                new Date(info.renewsAt).toLocaleDateString(i18n.language),
              ] as [string, string, string],
            ]
          : []),
        [
          'credits',
          t('composer.info.credits'),
          info.credits === null ? t('composer.info.unlimited') : String(info.credits),
        ],
        ['job-mode', t('composer.info.jobMode'), t(`composer.settings.${info.jobMode}`)],
        ['remix', t('composer.info.remix'), info.remix ? t('composer.info.on') : t('composer.info.off')],
        ['version', t('composer.info.version'), versionLabel(botType, info.version, undefined, engine)],
        ['running', t('composer.info.running'), String(info.runningTasks)],
        ['queued', t('composer.info.queued'), String(info.queuedTasks)],
      ]
    : [];

  return (
    <EphemeralCard testId="info-card" botType={botType} engine={engine} label={title} onClose={onClose}>
      <div className="mt-1 max-w-[520px] rounded-[4px] border-l-4 border-primary bg-[#f2f3f5] px-4 py-3 dark:bg-[#2b2d31]">
        <h3 className="text-base font-semibold text-heading">{title}</h3>
        {info ? (
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:gap-x-6">
            {fields.map(([key, name, value]) => (
              <div key={key} data-testid={`info-${key}`} className="min-w-0">
                <dt className="text-sm font-semibold text-heading">{name}</dt>
                <dd className="text-sm break-words text-foreground">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground" role="status">
            {!failed && <Loader2Icon className="size-4 animate-spin" aria-hidden />}
            {failed ? t('http.requestFailed') : t('composer.info.loading')}
          </p>
        )}
      </div>
    </EphemeralCard>
  );
}
