import {
  BotType,
  type DrawOptionRequest,
  type DrawSettings,
  type DrawSettingsOptions,
  type DrawStylizePreset,
} from '@draw/shared';
import { Loader2Icon } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { api } from '../../../lib/api';
import { call, reportFailure } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { setUserInfo } from '../../../stores/userInfo';
import { EphemeralCard } from './EphemeralCard';
import { parseStylize, settingsSuffix, versionLabel } from './settingsText';

const PRESET_KEYS: Record<
  DrawStylizePreset['name'],
  'stylizeLow' | 'stylizeMed' | 'stylizeHigh' | 'stylizeVeryHigh'
> = {
  low: 'stylizeLow',
  med: 'stylizeMed',
  high: 'stylizeHigh',
  veryHigh: 'stylizeVeryHigh',
};

/** A Midjourney /settings button: grey, green when on (aria-pressed). */
function ToggleButton({ pressed, className, ...props }: ComponentProps<'button'> & { pressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-[3px] px-3.5 text-sm font-medium text-white transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50',
        pressed
          ? 'bg-[#248046] hover:bg-[#1a6334]'
          : 'bg-[#6d6f78] hover:bg-[#4e5058] dark:bg-[#4e5058] dark:hover:bg-[#6d6f78]',
        className,
      )}
      {...props}
    />
  );
}

interface Loaded {
  settings: DrawSettings;
  options: DrawSettingsOptions;
}

export interface SettingsPanelProps {
  channelId: string;
  botType: BotType;
  /** The engine the person's next task goes to, when known (the card names it). */
  engine?: string | null;
  onClose: () => void;
}

/**
 * Midjourney's /settings message for the current bot, as an ephemeral card: version select, RAW
 * mode, stylize presets and exact value, relax/fast/turbo, remix, and the prompt suffix. The buttons
 * apply at once (as Midjourney's do); the stylize value and the suffix are saved with Save.
 */
export function SettingsPanel({ channelId, botType, engine, onClose }: SettingsPanelProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stylizeText, setStylizeText] = useState('');
  const [suffix, setSuffix] = useState('');
  const [stylizeError, setStylizeError] = useState(false);
  const ids = useId();

  useEffect(() => {
    let live = true;
    const query = { botType };
    Promise.all([
      call(api.settings.get, { params: { id: channelId }, query }),
      call(api.settings.options, { query }),
    ]).then(
      ([settings, options]) => {
        if (!live) return;
        setLoaded({ settings, options });
        setStylizeText(String(settings.stylize));
        setSuffix(settings.suffix);
      },
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

  const label = t('composer.settings.title');
  if (!loaded) {
    return (
      <EphemeralCard
        testId="settings-panel"
        botType={botType}
        engine={engine}
        label={label}
        onClose={onClose}
      >
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          {!failed && <Loader2Icon className="size-4 animate-spin" aria-hidden />}
          {failed ? t('http.requestFailed') : t('composer.settings.loading')}
        </p>
      </EphemeralCard>
    );
  }

  const { settings, options } = loaded;
  const { min, max, presets } = options.stylize;
  const version = options.versions.find((v) => v.value === settings.version);
  const rawAvailable = (version?.styles ?? options.styles).includes('raw');

  const applied = (next: DrawSettings) => {
    setLoaded({ settings: next, options });
    setUserInfo(botType === BotType.NijiJourney ? { nijiRemix: next.remix } : { mjRemix: next.remix });
  };

  async function run(
    call: () => Promise<DrawSettings>,
    after?: (next: DrawSettings) => void,
  ): Promise<boolean> {
    setBusy(true);
    try {
      const next = await call();
      applied(next);
      after?.(next);
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const option = (request: DrawOptionRequest) =>
    void run(
      () => call(api.settings.option, { body: request, query: { botType } }),
      (next) => request.name === 'stylize' && (setStylizeText(String(next.stylize)), setStylizeError(false)),
    );

  async function save() {
    const stylize = parseStylize(stylizeText, min, max);
    if (stylize === null) {
      setStylizeError(true);
      return;
    }
    setStylizeError(false);
    const ok = await run(
      async () => {
        if (stylize !== settings.stylize)
          await call(api.settings.option, { body: { name: 'stylize', value: stylize }, query: { botType } });
        return call(api.settings.suffix, { body: { suffix: suffix.trim() }, query: { botType } });
      },
      (next) => setSuffix(next.suffix),
    );
    if (ok) notify.success(t('common.saveSuccess'));
  }

  const reset = () =>
    void run(
      () => call(api.settings.update, { body: { ...options.defaults }, query: { botType } }),
      (next) => {
        setStylizeText(String(next.stylize));
        setSuffix(next.suffix);
        setStylizeError(false);
      },
    );

  const speedKeys = { relax: 'relax', fast: 'fast', turbo: 'turbo' } as const;

  return (
    <EphemeralCard testId="settings-panel" botType={botType} engine={engine} label={label} onClose={onClose}>
      <p className="text-[15px] text-foreground">
        <strong className="font-semibold text-heading">{label}</strong>
        <span className="ml-1">{t('composer.settings.intro')}</span>
      </p>
      <code
        data-testid="settings-current"
        className="mt-1 inline-block max-w-full rounded-[4px] bg-[#ebedef] px-1.5 py-0.5 font-mono text-[13px] break-all text-foreground dark:bg-[#1e1f22]"
      >
        {settingsSuffix(settings)}
      </code>

      <div className="mt-3 flex max-w-[560px] flex-col gap-2">
        <Select
          value={settings.version}
          disabled={busy}
          onValueChange={(value) =>
            void run(() => call(api.settings.version, { params: { version: value }, query: { botType } }))
          }
        >
          <SelectTrigger
            data-testid="settings-version"
            aria-label={t('composer.settings.version')}
            className="h-10 rounded-[4px] bg-[#ebedef] dark:bg-[#1e1f22]"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.versions.map((v) => (
              <SelectItem key={v.value} value={v.value}>
                {versionLabel(botType, v.value, options.versions, engine)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>

        <div className="flex flex-wrap gap-2" role="group" aria-label={t('composer.settings.stylize')}>
          <ToggleButton
            data-testid="settings-style-raw"
            pressed={settings.style === 'raw'}
            disabled={busy || !rawAvailable}
            onClick={() => option({ name: 'style', value: settings.style === 'raw' ? 'standard' : 'raw' })}
          >
            {t('composer.settings.rawMode')}
          </ToggleButton>
          {presets.map((preset) => (
            <ToggleButton
              key={preset.name}
              data-testid={`settings-stylize-${preset.name}`}
              pressed={settings.stylize === preset.value}
              disabled={busy}
              onClick={() => option({ name: 'stylize', value: preset.value })}
            >
              {t(`composer.settings.${PRESET_KEYS[preset.name]}`)}
            </ToggleButton>
          ))}
        </div>

        <div className="flex flex-wrap gap-2" role="group" aria-label={t('composer.settings.speed')}>
          <ToggleButton
            data-testid="settings-remix"
            pressed={settings.remix}
            disabled={busy}
            onClick={() => option({ name: 'remix', value: !settings.remix })}
          >
            {t('composer.settings.remix')}
          </ToggleButton>
          {options.speeds.map((speed) => (
            <ToggleButton
              key={speed}
              data-testid={`settings-speed-${speed}`}
              pressed={settings.speed === speed}
              disabled={busy}
              onClick={() => settings.speed !== speed && option({ name: 'speed', value: speed })}
            >
              {t(`composer.settings.${speedKeys[speed]}`)}
            </ToggleButton>
          ))}
        </div>
      </div>

      <form
        className="mt-4 grid max-w-[560px] gap-3 border-t border-border pt-3 sm:grid-cols-[140px_1fr] dark:border-[#3f4147]"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor={`${ids}-stylize`}
            className="text-xs font-bold tracking-wide text-muted-foreground uppercase"
          >
            {t('composer.settings.stylize')}
          </label>
          <Input
            id={`${ids}-stylize`}
            data-testid="settings-stylize"
            inputMode="numeric"
            value={stylizeText}
            aria-invalid={stylizeError || undefined}
            aria-describedby={`${ids}-stylize-hint`}
            onChange={(event) => setStylizeText(event.target.value)}
            className="h-9 rounded-[4px] bg-[#ebedef] dark:bg-[#1e1f22]"
          />
          <p
            id={`${ids}-stylize-hint`}
            className={cn('text-xs', stylizeError ? 'text-destructive' : 'text-muted-foreground')}
          >
            {stylizeError
              ? t('composer.settings.stylizeInvalid', { min, max })
              : t('composer.settings.stylizeExact', { min, max })}
          </p>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label
            htmlFor={`${ids}-suffix`}
            className="text-xs font-bold tracking-wide text-muted-foreground uppercase"
          >
            {t('composer.settings.suffix')}
          </label>
          <Input
            id={`${ids}-suffix`}
            data-testid="settings-suffix"
            value={suffix}
            maxLength={options.suffixMaxChars}
            placeholder={t('composer.settings.suffixPlaceholder')}
            aria-describedby={`${ids}-suffix-hint`}
            onChange={(event) => setSuffix(event.target.value)}
            className="h-9 rounded-[4px] bg-[#ebedef] font-mono text-[13px] md:text-[13px] dark:bg-[#1e1f22]"
          />
          <p id={`${ids}-suffix-hint`} className="text-xs text-muted-foreground">
            {t('composer.settings.suffixHint')}
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            data-testid="settings-reset"
            disabled={busy}
            onClick={reset}
          >
            {t('composer.settings.reset')}
          </Button>
          <Button type="submit" size="sm" data-testid="settings-panel-save" disabled={busy}>
            {busy && <Loader2Icon className="animate-spin" aria-hidden />}
            {t('composer.settings.save')}
          </Button>
        </div>
      </form>
    </EphemeralCard>
  );
}
