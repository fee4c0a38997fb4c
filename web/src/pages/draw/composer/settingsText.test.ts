import { BotType } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import { parseStylize, settingsSuffix, versionLabel } from './settingsText';

describe('settingsSuffix', () => {
  const base = {
    botType: BotType.MidJourney,
    version: '6.1',
    style: 'standard',
    stylize: 100,
    speed: 'fast',
    suffix: '',
  } as const;

  it('shows the version and speed always, raw and stylize only when set', () => {
    expect(settingsSuffix(base)).toBe('--v 6.1 --fast');
    expect(
      settingsSuffix({ ...base, style: 'raw', stylize: 250, speed: 'relax', suffix: ' --ar 16:9 ' }),
    ).toBe('--v 6.1 --style raw --stylize 250 --relax --ar 16:9');
    expect(settingsSuffix({ ...base, botType: BotType.NijiJourney, version: '6' })).toBe('--niji 6 --fast');
  });
});

describe('parseStylize', () => {
  it('takes whole numbers in range only', () => {
    expect(parseStylize('250', 0, 1000)).toBe(250);
    expect(parseStylize(' 0 ', 0, 1000)).toBe(0);
    expect(parseStylize('1000', 0, 1000)).toBe(1000);
    expect(parseStylize('1001', 0, 1000)).toBeNull();
    expect(parseStylize('-1', 0, 1000)).toBeNull();
    expect(parseStylize('2.5', 0, 1000)).toBeNull();
    expect(parseStylize('', 0, 1000)).toBeNull();
  });
});

describe('versionLabel', () => {
  it('uses the options label when known, a readable default otherwise', () => {
    expect(versionLabel(BotType.MidJourney, '7', [{ value: '7', label: 'Midjourney V7' }])).toBe(
      'Midjourney V7',
    );
    expect(versionLabel(BotType.MidJourney, '6.1')).toBe('Midjourney V6.1');
    expect(versionLabel(BotType.NijiJourney, '6')).toBe('Niji V6');
  });

  it('never calls another engine’s version Midjourney: it is the parameter it stands for', () => {
    const known = [{ value: '6.1', label: 'Midjourney V6.1' }];
    expect(versionLabel(BotType.MidJourney, '6.1', known, 'midjourney-proxy')).toBe('Midjourney V6.1');
    expect(versionLabel(BotType.MidJourney, '6.1', known, 'builtin')).toBe('--v 6.1');
    expect(versionLabel(BotType.NijiJourney, '6', known, 'comfyui')).toBe('--niji 6');
  });
});
