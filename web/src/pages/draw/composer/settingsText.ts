import { BotType, ImageEngineName, type DrawSettings } from '@draw/shared';

/** Midjourney's default stylize: a prompt without `--stylize` gets exactly this. */
export const DEFAULT_STYLIZE = 100;

/**
 * The parameters the settings stand for, as Midjourney's /settings panel shows them ("Current
 * suffix"): the model version, `--style raw`, `--stylize N` when not the default, the speed, then
 * the user's own suffix.
 */
export function settingsSuffix(
  settings: Pick<DrawSettings, 'botType' | 'version' | 'style' | 'stylize' | 'speed' | 'suffix'>,
): string {
  const parts = [
    settings.botType === BotType.NijiJourney ? `--niji ${settings.version}` : `--v ${settings.version}`,
  ];
  if (settings.style === 'raw') parts.push('--style raw');
  if (settings.stylize !== DEFAULT_STYLIZE) parts.push(`--stylize ${settings.stylize}`);
  parts.push(`--${settings.speed}`);
  if (settings.suffix.trim()) parts.push(settings.suffix.trim());
  return parts.join(' ');
}

/** A stylize value typed by the user: a whole number within the range, or null. */
export function parseStylize(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

/**
 * "6.1" → "Midjourney V6.1" / "Niji V6", from the options when they name it. On another engine
 * (`engine` known and not the midjourney-proxy) the version is the parameter it stands for
 * ("--v 6.1", "--niji 6"): that engine is not Midjourney.
 */
export function versionLabel(
  botType: BotType,
  version: string,
  known?: readonly { value: string; label: string }[],
  engine?: string | null,
): string {
  if (engine && engine !== ImageEngineName.MidjourneyProxy)
    return botType === BotType.NijiJourney ? `--niji ${version}` : `--v ${version}`;
  return (
    known?.find((option) => option.value === version)?.label ??
    `${botType === BotType.NijiJourney ? 'Niji' : 'Midjourney'} V${version}`
  );
}
