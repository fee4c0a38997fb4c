import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BotType, type DrawSettings } from '@draw/shared';
import { composePrompt, settingsParams, splitPrompt } from './compose';
import { DRAW_SPEEDS, DRAW_STYLES, defaultValues } from './options';

const mj = (over: Partial<DrawSettings> = {}): DrawSettings => ({
  botType: BotType.MidJourney,
  ...defaultValues(BotType.MidJourney),
  remix: false,
  ...over,
});
const niji = (over: Partial<DrawSettings> = {}): DrawSettings => ({
  botType: BotType.NijiJourney,
  ...defaultValues(BotType.NijiJourney),
  remix: false,
  ...over,
});

describe('composePrompt: parameters from the settings', () => {
  it('adds the version and the speed for default settings, nothing else', () => {
    expect(composePrompt(mj(), 'a red fox')).toBe('a red fox --v 6.1 --fast');
    expect(composePrompt(niji(), 'a red fox')).toBe('a red fox --niji 6 --fast');
  });

  it('adds none for an engine that does not read Midjourney parameters', () => {
    const settings = mj({ stylize: 250, style: 'raw', speed: 'turbo', suffix: 'ink --ar 2:3' });
    expect(composePrompt(settings, 'a red fox --no snow', { midjourneyParameters: false })).toBe(
      'a red fox ink --no snow --ar 2:3',
    );
  });

  it('adds --stylize only when it differs from 100', () => {
    expect(composePrompt(mj({ stylize: 250 }), 'fox')).toBe('fox --v 6.1 --stylize 250 --fast');
    expect(composePrompt(mj({ stylize: 0 }), 'fox')).toBe('fox --v 6.1 --stylize 0 --fast');
    expect(composePrompt(mj({ stylize: 100 }), 'fox')).toBe('fox --v 6.1 --fast');
  });

  it('adds --style raw only for raw, and only on versions that have it', () => {
    expect(composePrompt(mj({ style: 'raw' }), 'fox')).toBe('fox --v 6.1 --style raw --fast');
    expect(composePrompt(mj({ style: 'standard' }), 'fox')).toBe('fox --v 6.1 --fast');
    expect(composePrompt(niji({ style: 'raw' }), 'fox')).toBe('fox --niji 6 --style raw --fast');
    expect(composePrompt(niji({ style: 'raw', version: '5' }), 'fox')).toBe('fox --niji 5 --fast');
  });

  it('adds the speed flag the user chose', () => {
    expect(composePrompt(mj({ speed: 'relax' }), 'fox')).toBe('fox --v 6.1 --relax');
    expect(composePrompt(mj({ speed: 'turbo' }), 'fox')).toBe('fox --v 6.1 --turbo');
  });

  it('uses the chosen version, in the bot’s own parameter', () => {
    expect(composePrompt(mj({ version: '7' }), 'fox')).toBe('fox --v 7 --fast');
    expect(composePrompt(niji({ version: '5' }), 'fox')).toBe('fox --niji 5 --fast');
  });

  it('never puts remix in the prompt', () => {
    expect(composePrompt(mj({ remix: true }), 'fox')).toBe(composePrompt(mj({ remix: false }), 'fox'));
  });

  it('lists every non-default parameter in a fixed order', () => {
    expect(
      settingsParams(mj({ version: '5.2', stylize: 750, style: 'raw', speed: 'relax' })).map((p) => p.text),
    ).toEqual(['--v 5.2', '--stylize 750', '--style raw', '--relax']);
  });
});

describe('composePrompt: what the prompt already sets wins', () => {
  const all = mj({ version: '7', stylize: 250, style: 'raw', speed: 'relax' });

  it('keeps the prompt’s version and adds none', () => {
    expect(composePrompt(all, 'fox --v 5')).toBe('fox --v 5 --stylize 250 --style raw --relax');
    expect(composePrompt(all, 'fox --version 5.2')).toBe(
      'fox --version 5.2 --stylize 250 --style raw --relax',
    );
    expect(composePrompt(all, 'fox --V 6')).toBe('fox --V 6 --stylize 250 --style raw --relax');
  });

  it('treats --v, --version and --niji as one choice of model, whatever the bot', () => {
    expect(composePrompt(all, 'fox --niji 6')).toBe('fox --niji 6 --stylize 250 --style raw --relax');
    expect(composePrompt(niji(), 'fox --v 6.1')).toBe('fox --v 6.1 --fast');
    expect(composePrompt(niji(), 'fox --niji')).toBe('fox --niji --fast');
  });

  it('keeps the prompt’s stylize in either spelling', () => {
    expect(composePrompt(all, 'fox --s 50')).toBe('fox --s 50 --v 7 --style raw --relax');
    expect(composePrompt(all, 'fox --stylize 900')).toBe('fox --stylize 900 --v 7 --style raw --relax');
    expect(composePrompt(mj(), 'fox --s 100')).toBe('fox --s 100 --v 6.1 --fast');
  });

  it('keeps the prompt’s style', () => {
    expect(composePrompt(all, 'fox --style raw')).toBe('fox --style raw --v 7 --stylize 250 --relax');
    expect(composePrompt(niji({ style: 'raw' }), 'fox --style cute')).toBe(
      'fox --style cute --niji 6 --fast',
    );
  });

  it('keeps the prompt’s speed flag and adds no other', () => {
    for (const flag of ['--relax', '--fast', '--turbo']) {
      expect(composePrompt(all, `fox ${flag}`)).toBe(`fox ${flag} --v 7 --stylize 250 --style raw`);
    }
  });

  it('adds nothing when the prompt sets everything, and keeps its order and values', () => {
    expect(composePrompt(all, 'fox --turbo --style raw --s 10 --v 6 --ar 2:3')).toBe(
      'fox --turbo --style raw --s 10 --v 6 --ar 2:3',
    );
  });

  it('accepts em-dashes as Midjourney does', () => {
    expect(composePrompt(mj(), 'fox \u2014v 5 \u2014relax')).toBe('fox \u2014v 5 \u2014relax');
  });

  it('does not mistake hyphens in text for parameters', () => {
    expect(composePrompt(mj(), 'a well-known fox -- in a sci-fi city')).toBe(
      'a well-known fox -- in a sci-fi city --v 6.1 --fast',
    );
    expect(composePrompt(mj(), 'an arrow-->up, x--v 5')).toBe('an arrow-->up, x--v 5 --v 6.1 --fast');
  });

  it('keeps parameters with several words, image links and weights as written', () => {
    expect(composePrompt(mj(), 'https://x.test/a.png fox::2 forest::1   --no cars,  trees   --ar 16:9')).toBe(
      'https://x.test/a.png fox::2 forest::1 --no cars, trees --ar 16:9 --v 6.1 --fast',
    );
  });
});

describe('composePrompt: the suffix', () => {
  it('appends the suffix’s text after the prompt’s text, before every parameter', () => {
    expect(composePrompt(mj({ suffix: 'watercolor, soft light' }), 'a fox --ar 16:9')).toBe(
      'a fox watercolor, soft light --ar 16:9 --v 6.1 --fast',
    );
  });

  it('adds the suffix’s parameters unless the prompt sets them, and they win over the settings', () => {
    const settings = mj({ suffix: 'ink --ar 16:9 --s 500 --v 5.2', stylize: 250 });
    expect(composePrompt(settings, 'fox')).toBe('fox ink --ar 16:9 --s 500 --v 5.2 --fast');
    expect(composePrompt(settings, 'fox --aspect 1:1 --stylize 20')).toBe(
      'fox ink --aspect 1:1 --stylize 20 --v 5.2 --fast',
    );
  });

  it('works with a suffix made only of parameters, and with an empty prompt', () => {
    expect(composePrompt(mj({ suffix: '--ar 3:2' }), 'fox')).toBe('fox --ar 3:2 --v 6.1 --fast');
    expect(composePrompt(mj({ suffix: 'ink' }), '')).toBe('ink --v 6.1 --fast');
    expect(composePrompt(mj(), '   ')).toBe('--v 6.1 --fast');
  });

  it('does not repeat a suffix the prompt already ends with', () => {
    expect(composePrompt(mj({ suffix: 'watercolor' }), 'fox, watercolor')).toBe(
      'fox, watercolor --v 6.1 --fast',
    );
    expect(composePrompt(mj({ suffix: 'watercolor' }), 'fox watercolor --ar 1:1')).toBe(
      'fox watercolor --ar 1:1 --v 6.1 --fast',
    );
    expect(composePrompt(mj({ suffix: 'color' }), 'watercolor')).toBe('watercolor color --v 6.1 --fast');
  });

  it('drops a parameter the suffix repeats', () => {
    expect(composePrompt(mj({ suffix: '--ar 1:1 --ar 2:3' }), 'fox')).toBe('fox --ar 1:1 --v 6.1 --fast');
  });
});

describe('splitPrompt', () => {
  it('separates the text from the parameters and names them canonically', () => {
    expect(splitPrompt('  fox  in snow --S 50 --no a, b --tile ')).toEqual({
      text: 'fox  in snow',
      params: [
        { key: 'stylize', text: '--S 50' },
        { key: 'no', text: '--no a, b' },
        { key: 'tile', text: '--tile' },
      ],
    });
    expect(splitPrompt('--fast')).toEqual({ text: '', params: [{ key: 'speed', text: '--fast' }] });
    expect(splitPrompt('no params here')).toEqual({ text: 'no params here', params: [] });
  });
});

describe('composePrompt: properties', () => {
  const word = fc.constantFrom(
    'fox',
    'red',
    'snow,',
    'sci-fi',
    'a::2',
    '--',
    'x--y',
    'https://x.test/a.png',
    '\u2014',
    '雪',
  );
  const param = fc.constantFrom(
    '--v 5',
    '--version 6',
    '--niji 5',
    '--s 50',
    '--stylize 800',
    '--style raw',
    '--relax',
    '--fast',
    '--turbo',
    '--ar 16:9',
    '--no cars, trees',
    '--tile',
    '\u2014q 2',
    '--chaos 10',
  );
  const promptArb = fc
    .tuple(
      fc.array(word, { maxLength: 6 }),
      fc.uniqueArray(param, { maxLength: 4, selector: (p) => splitPrompt(p).params[0]?.key }),
    )
    .map(([words, params]) => [...words, ...params].join(' '));
  const settingsArb = fc.record({
    botType: fc.constantFrom(BotType.MidJourney, BotType.NijiJourney),
    version: fc.constantFrom('7', '6.1', '6', '5'),
    stylize: fc.integer({ min: 0, max: 1000 }),
    style: fc.constantFrom(...DRAW_STYLES),
    speed: fc.constantFrom(...DRAW_SPEEDS),
    remix: fc.boolean(),
    suffix: fc.oneof(fc.constant(''), promptArb),
  });

  it('is idempotent: composing a composed prompt again changes nothing', () => {
    fc.assert(
      fc.property(settingsArb, promptArb, (settings, prompt) => {
        const once = composePrompt(settings, prompt);
        expect(composePrompt(settings, once)).toBe(once);
      }),
    );
  });

  it('sets the model, stylize, style and speed at most once, and keeps every prompt parameter', () => {
    fc.assert(
      fc.property(settingsArb, promptArb, (settings, prompt) => {
        const out = splitPrompt(composePrompt(settings, prompt));
        for (const key of ['model', 'stylize', 'style', 'speed']) {
          expect(out.params.filter((p) => p.key === key).length).toBeLessThanOrEqual(1);
        }
        expect(out.params.filter((p) => p.key === 'model' || p.key === 'speed')).toHaveLength(2);
        const given = splitPrompt(prompt).params.map((p) => p.text);
        expect(out.params.slice(0, given.length).map((p) => p.text)).toEqual(given);
      }),
    );
  });
});
