import {
  ACTION_NAMES,
  actionOf,
  BotType,
  buttonsForResult,
  TaskAction,
  TaskStatus,
  untitledOfTask,
  type TaskProperties,
} from '@draw/shared';
import { zhCN } from '../../../i18n/locales/areas/feed';
import { enUS } from '../../../i18n/locales/areas/feed.en-US';
import { zhTW } from '../../../i18n/locales/areas/feed.zh-TW';
import { describe, expect, it } from 'vitest';
import { makeTask } from './fixtures';
import {
  bookmarkedBy,
  clipOf,
  servableButtons,
  buttonAria,
  buttonRows,
  commandOf,
  engineKind,
  expectedShape,
  imageSizeOf,
  modalOf,
  paramChunks,
  percentOf,
  promptParts,
  sanitizeLabel,
  speedOfTask,
  spokenName,
  suggestionsOf,
  usedGridButtons,
} from './taskView';

describe('task view rules', () => {
  it('never presents the built-in engine as Midjourney', () => {
    expect(engineKind({ engine: 'builtin', botType: BotType.MidJourney })).toBe('builtin');
    expect(engineKind({ engine: 'midjourney-proxy', botType: BotType.MidJourney })).toBe('midjourney');
    expect(engineKind({ engine: 'midjourney-proxy', botType: BotType.NijiJourney })).toBe('niji');
    expect(engineKind({ engine: 'other', botType: BotType.MidJourney })).toBe('other');
  });

  it('splits the prompt words from the final parameters', () => {
    expect(
      promptParts({ prompt: 'a red fox in snow', finalPrompt: 'a red fox in snow --v 6.1 --fast' }),
    ).toEqual({ text: 'a red fox in snow', params: '--v 6.1 --fast' });
    expect(
      promptParts({ prompt: 'a cat --ar 16:9', finalPrompt: 'a cat --ar 16:9 --v 6.1 --relax' }),
    ).toEqual({ text: 'a cat', params: '--ar 16:9 --v 6.1 --relax' });
    expect(promptParts({ prompt: '', finalPrompt: '' })).toEqual({ text: '', params: '' });
  });

  it('shows the job mode the task ran in, as the server stored it at submit', () => {
    // Stored: wins over what the prompt says (a button press runs in the presser's mode).
    expect(speedOfTask({ finalPrompt: 'a --v 6.1 --relax', properties: { speed: 'turbo' } })).toBe('turbo');
    // Stored before the field existed: the last mode the prompt names, as Midjourney and the server read it.
    expect(speedOfTask({ finalPrompt: 'a --relax --v 6.1 --turbo', properties: {} })).toBe('turbo');
    expect(speedOfTask({ finalPrompt: 'a —relax', properties: {} })).toBe('relax');
    // None at all (a describe's empty prompt): the default mode.
    expect(speedOfTask({ finalPrompt: '', properties: {} })).toBe('fast');
  });

  it('reads progress, modal, suggestions, bookmarks and size', () => {
    expect(percentOf({ status: TaskStatus.InProgress, progress: '45%' })).toBe(45);
    expect(percentOf({ status: TaskStatus.Success, progress: '' })).toBe(100);
    expect(percentOf({ status: TaskStatus.Failure, progress: '' })).toBe(0);
    expect(modalOf(makeTask({ properties: { modal: { kind: 'region', defaultPrompt: 'x' } } }))).toEqual({
      kind: 'region',
      defaultPrompt: 'x',
    });
    expect(
      modalOf(makeTask({ properties: { modal: { kind: 'nope' } } as unknown as TaskProperties })),
    ).toBeNull();
    expect(
      suggestionsOf(makeTask({ properties: { prompts: ['a', 2, 'b'] } as unknown as TaskProperties })),
    ).toEqual(['a', 'b']);
    expect(bookmarkedBy(makeTask({ properties: { bookmarkedBy: ['me'] } }), 'me')).toBe(true);
    expect(bookmarkedBy(makeTask(), 'me')).toBe(false);
    expect(imageSizeOf(makeTask({ properties: { width: 1024, height: 512 } }))).toEqual({
      width: 1024,
      height: 512,
    });
    expect(imageSizeOf(makeTask())).toBeNull();
    expect(commandOf(makeTask())).toBe('/imagine');
    expect(commandOf(makeTask({ action: TaskAction.Upscale, parentId: 'p' }))).toBeNull();
  });

  it('lays out a grid result as U1–U4 🔄 / V1–V4', () => {
    const rows = buttonRows(buttonsForResult('grid', 'h1'));
    expect(rows.map((row) => row.map((view) => view.name))).toEqual([
      ['U1', 'U2', 'U3', 'U4', 'reroll'],
      ['V1', 'V2', 'V3', 'V4'],
    ]);
    expect(buttonAria(rows[0]![1]!, false)).toEqual({ key: 'upscale', params: { index: 2 } });
  });

  it('lays out an upscale result like Midjourney: vary, upscale, zoom, pans and ❤️, then Animate and Retexture', () => {
    const rows = buttonRows(buttonsForResult('upscale', 'h1'));
    expect(rows.map((row) => row.map((view) => view.name))).toEqual([
      ['Vary-Subtle', 'Vary-Strong', 'Vary-Region'],
      ['Upscale-Subtle', 'Upscale-Creative'],
      ['Zoom-Out-2x', 'Zoom-Out-1.5x', 'Custom-Zoom'],
      ['pan-left', 'pan-right', 'pan-up', 'pan-down', 'bookmark'],
      ['Animate-High-motion', 'Animate-Low-motion', 'Retexture'],
    ]);
    expect(buttonAria(rows[4]![1]!, false).key).toBe('animateLow');
    expect(buttonAria(rows[4]![2]!, false).key).toBe('editor.retexture');
    const bookmark = rows[3]![4]!;
    expect(buttonAria(bookmark, false).key).toBe('bookmark');
    expect(buttonAria(bookmark, true).key).toBe('unbookmark');
  });

  it('plays an MP4 as video and a WebP as an image; drops Animate and Extend where video is not offered, Retexture where it is not', () => {
    expect(clipOf({ videoUrl: '/files/a.mp4', imageUrl: '/files/a.png' })).toEqual({
      src: '/files/a.mp4',
      element: 'video',
      poster: '/files/a.png',
    });
    expect(clipOf({ videoUrl: '/files/a.webp', imageUrl: null })).toEqual({
      src: '/files/a.webp',
      element: 'img',
      poster: null,
    });
    expect(clipOf({ videoUrl: null, imageUrl: '/files/a.png' })).toBeNull();
    const upscale = buttonsForResult('upscale', 'h1');
    expect(servableButtons(upscale, ['video', 'retexture'])).toHaveLength(upscale.length);
    expect(servableButtons(upscale, ['video']).map((b) => b.label)).not.toContain('Retexture');
    expect(servableButtons(upscale, []).map((b) => b.label)).not.toContain('Animate (Low motion)');
    expect(servableButtons(buttonsForResult('video', 'h1'), [])).toEqual([]);
    expect(buttonAria(buttonRows(buttonsForResult('video', 'h1'))[0]![0]!, false).key).toBe('extendHigh');
  });

  it('numbers describe and shorten suggestions, and keeps unknown buttons', () => {
    expect(buttonRows(buttonsForResult('describe', 'h')).map((row) => row.map((view) => view.name))).toEqual([
      ['1', '2', '3', '4', 'retry'],
    ]);
    expect(
      buttonRows(buttonsForResult('shorten', 'h', 3)).map((row) => row.map((view) => view.name)),
    ).toEqual([['1', '2', '3']]);
    const [row] = buttonRows([{ customId: 'MJ::Something::new', emoji: '🌐', label: 'Web' }]);
    expect(row![0]!.name).toBe('Web');
    expect(buttonAria(row![0]!, false)).toEqual({ key: 'generic', params: { label: 'Web' } });
    expect(sanitizeLabel('Vary (Region)')).toBe('Vary-Region');
  });

  it('speaks a button by the words it shows first, then what it does', () => {
    expect(spokenName('U1', '放大第 1 张')).toBe('U1 · 放大第 1 张');
    expect(spokenName('Vary (Subtle)', 'Vary (Subtle)')).toBe('Vary (Subtle)');
    expect(spokenName('Zoom Out 2x', 'zoom out 2x')).toBe('zoom out 2x');
    expect(spokenName('', '重新生成')).toBe('重新生成');
  });

  it('knows which U/V buttons of a grid already made a task', () => {
    const used = usedGridButtons([
      makeTask({ id: 'u', parentId: 'grid', action: TaskAction.Upscale, properties: { index: 2 } }),
      makeTask({ id: 'v', parentId: 'grid', action: TaskAction.Variation, properties: { index: 4 } }),
      makeTask({ id: 'z', parentId: 'grid', action: TaskAction.Zoom, properties: {} }),
      makeTask({ id: 'g', parentId: null, action: TaskAction.Imagine, properties: { index: 1 } }),
    ]);
    expect([...(used.get('grid') ?? [])].sort()).toEqual(['upscale:2', 'variation:4']);
    expect(used.size).toBe(1);
  });

  it("marks every numbered button of the action registry, by the action's name and the number pressed", () => {
    const numbered = ACTION_NAMES.filter((name) => actionOf(name).numbered);
    expect(numbered, 'the registry declares the U and V buttons numbered').toEqual(['upscale', 'variation']);
    for (const name of ACTION_NAMES) {
      const used = usedGridButtons([
        makeTask({ id: name, parentId: 'grid', action: actionOf(name).task, properties: { index: 3 } }),
      ]);
      const expected = actionOf(name).numbered ? [`${name}:3`] : [];
      expect([...(used.get('grid') ?? [])], name).toEqual(expected);
    }
  });

  it('titles a result without a prompt by its action, for every action the registry marks untitled', () => {
    for (const name of ACTION_NAMES) {
      const title = untitledOfTask(actionOf(name).task);
      if (!actionOf(name).untitled) continue;
      expect(title, name).toBe(name);
      for (const words of [zhCN, enUS, zhTW])
        expect((words.feed.untitled as Record<string, string>)[name], `feed.untitled.${name}`).toBeTruthy();
    }
    expect(untitledOfTask(TaskAction.Imagine)).toBeNull();
  });

  it('frees a U/V button whose task the server gave back (an editor closed unsubmitted, a failure)', () => {
    const used = usedGridButtons([
      makeTask({ id: 'v', parentId: 'grid', action: TaskAction.Variation, properties: { index: 2 } }),
      makeTask({
        id: 'remix',
        parentId: 'grid',
        action: TaskAction.Variation,
        status: TaskStatus.Cancel,
        properties: { index: 3 },
      }),
      makeTask({
        id: 'broke',
        parentId: 'grid',
        action: TaskAction.Upscale,
        status: TaskStatus.Failure,
        properties: { index: 1 },
      }),
    ]);
    expect([...(used.get('grid') ?? [])]).toEqual(['variation:2']);
  });

  it("knows the shape of a result before it arrives: its size, else the prompt's --ar, else square", () => {
    expect(expectedShape(makeTask({ finalPrompt: 'a lighthouse --ar 3:2 --v 6', properties: {} }))).toEqual({
      width: 3,
      height: 2,
    });
    expect(
      expectedShape(makeTask({ finalPrompt: '', promptEn: 'tall tower \u2014aspect 9:16', properties: {} })),
    ).toEqual({ width: 9, height: 16 });
    expect(
      expectedShape(makeTask({ finalPrompt: 'x --ar 3:2', properties: { width: 1456, height: 816 } })),
    ).toEqual({ width: 1456, height: 816 });
    expect(
      expectedShape(
        makeTask({
          finalPrompt: 'no ratio, --stylize 100',
          promptEn: '',
          prompt: 'no ratio',
          properties: {},
        }),
      ),
    ).toEqual({ width: 1, height: 1 });
    expect(
      expectedShape(makeTask({ finalPrompt: 'bad --ar 0:3', promptEn: '', prompt: '', properties: {} })),
    ).toEqual({ width: 1, height: 1 });
  });

  it('keeps each parameter whole where a narrow screen breaks the line', () => {
    expect(paramChunks('--v 6.1 --fast')).toEqual([
      { whole: '--v 6.1', rest: '' },
      { whole: '--fast', rest: '' },
    ]);
    expect(paramChunks('--ar 3:2 —relax --no red cars, boats')).toEqual([
      { whole: '--ar 3:2', rest: '' },
      { whole: '—relax', rest: '' },
      { whole: '--no red', rest: 'cars, boats' },
    ]);
  });
});
