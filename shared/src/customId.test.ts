import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaskAction } from './constants';
import {
  buildCustomId,
  buttonTaskAction,
  buttonsForResult,
  needsModal,
  parseCustomId,
  resultKindForAction,
  type ParsedCustomId,
} from './customId';

const H = '3f1c2a9e-77b0-4c1e-9a55-0d2b6f1e8c41';

describe('parseCustomId', () => {
  const cases: [string, ParsedCustomId][] = [
    [`MJ::JOB::upsample::1::${H}`, { kind: 'upscale', index: 1, hash: H }],
    [`MJ::JOB::upsample::4::${H}`, { kind: 'upscale', index: 4, hash: H }],
    [`MJ::JOB::variation::3::${H}`, { kind: 'variation', index: 3, hash: H }],
    [`MJ::JOB::reroll::0::${H}::SOLO`, { kind: 'reroll', hash: H }],
    [`MJ::JOB::low_variation::1::${H}::SOLO`, { kind: 'vary', strength: 'subtle', hash: H }],
    [`MJ::JOB::high_variation::1::${H}::SOLO`, { kind: 'vary', strength: 'strong', hash: H }],
    [
      `MJ::JOB::upsample_v6_2x_subtle::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: 'subtle', version: 'v6_2x', hash: H },
    ],
    [
      `MJ::JOB::upsample_v6_2x_creative::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: 'creative', version: 'v6_2x', hash: H },
    ],
    [
      `MJ::JOB::upsample_v5_2x_subtle::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: 'subtle', version: 'v5_2x', hash: H },
    ],
    [
      `MJ::JOB::upsample_v6r1_2x_creative::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: 'creative', version: 'v6r1_2x', hash: H },
    ],
    [
      `MJ::JOB::upsample_v7_2x_subtle::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: 'subtle', version: 'v7_2x', hash: H },
    ],
    [`MJ::Outpaint::50::1::${H}::SOLO`, { kind: 'zoomOut', factor: 2, hash: H }],
    [`MJ::Outpaint::75::1::${H}::SOLO`, { kind: 'zoomOut', factor: 1.5, hash: H }],
    [`MJ::CustomZoom::${H}`, { kind: 'customZoom', hash: H, short: true }],
    [`MJ::CustomZoom::1::${H}`, { kind: 'customZoom', hash: H }],
    // The C# line's video buttons: Animate carries ::SOLO, Extend does not.
    [`MJ::JOB::animate_high::1::${H}::SOLO`, { kind: 'animate', motion: 'high', hash: H }],
    [`MJ::JOB::animate_low::1::${H}::SOLO`, { kind: 'animate', motion: 'low', hash: H }],
    [`MJ::JOB::animate_high_extend::1::${H}`, { kind: 'extend', motion: 'high', index: 1, hash: H }],
    [`MJ::JOB::animate_low_extend::4::${H}`, { kind: 'extend', motion: 'low', index: 4, hash: H }],
    // V5's Upscale (2x)/(4x) have no Subtle/Creative; versions may carry a dot.
    [
      `MJ::JOB::upsample_v5_2x::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: null, version: 'v5_2x', hash: H },
    ],
    [
      `MJ::JOB::upsample_v5_4x::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: null, version: 'v5_4x', hash: H },
    ],
    [
      `MJ::JOB::upsample_v5.2_2x_subtle::1::${H}::SOLO`,
      { kind: 'upscaleVariant', mode: 'subtle', version: 'v5.2_2x', hash: H },
    ],
    [`MJ::JOB::pan_left::1::${H}::SOLO`, { kind: 'pan', direction: 'left', hash: H }],
    [`MJ::JOB::pan_right::1::${H}::SOLO`, { kind: 'pan', direction: 'right', hash: H }],
    [`MJ::JOB::pan_up::1::${H}::SOLO`, { kind: 'pan', direction: 'up', hash: H }],
    [`MJ::JOB::pan_down::1::${H}::SOLO`, { kind: 'pan', direction: 'down', hash: H }],
    [`MJ::Inpaint::1::${H}::SOLO`, { kind: 'region', hash: H }],
    ['MJ::Job::PicReader::1', { kind: 'picReader', index: 1 }],
    ['MJ::Job::PicReader::4', { kind: 'picReader', index: 4 }],
    ['MJ::Picread::Retry', { kind: 'picReaderRetry' }],
    ['MJ::Job::PromptAnalyzer::5', { kind: 'promptAnalyzer', index: 5 }],
    ['MJ::Job::PromptAnalyzer::12', { kind: 'promptAnalyzer', index: 12 }],
    [`MJ::BOOKMARK::${H}`, { kind: 'bookmark', hash: H }],
  ];

  it.each(cases)('parses %s and builds it back', (id, parsed) => {
    expect(parseCustomId(id)).toEqual(parsed);
    expect(buildCustomId(parsed)).toBe(id);
  });

  it.each([
    '',
    'MJ',
    'MJ::',
    `mj::JOB::upsample::1::${H}`,
    `MJ::JOB::upsample::0::${H}`,
    `MJ::JOB::upsample::5::${H}`,
    `MJ::JOB::upsample::01::${H}`,
    `MJ::JOB::upsample::1::${H}::SOLO`,
    `MJ::JOB::upsample::1::`,
    `MJ::JOB::upsample::1::${H}::`,
    `MJ::JOB::variation::1::bad hash`,
    `MJ::JOB::variation::1::a/b`,
    `MJ::JOB::reroll::1::${H}::SOLO`,
    `MJ::JOB::reroll::0::${H}`,
    `MJ::JOB::low_variation::2::${H}::SOLO`,
    `MJ::JOB::medium_variation::1::${H}::SOLO`,
    `MJ::JOB::upsample_v6_2x_wild::1::${H}::SOLO`,
    `MJ::JOB::upsample_6_2x_subtle::1::${H}::SOLO`,
    `MJ::JOB::upsample__subtle::1::${H}::SOLO`,
    `MJ::Outpaint::60::1::${H}::SOLO`,
    `MJ::Outpaint::50::2::${H}::SOLO`,
    `MJ::Outpaint::50::1::${H}`,
    `MJ::CustomZoom::`,
    `MJ::CustomZoom::${H}::SOLO`,
    `MJ::CustomZoom::2::${H}`,
    `MJ::JOB::upsample_v5..2_2x::1::${H}::SOLO`,
    `MJ::JOB::upsample_v5_2x_::1::${H}::SOLO`,
    `MJ::JOB::pan_diagonal::1::${H}::SOLO`,
    `MJ::JOB::pan_left::0::${H}::SOLO`,
    `MJ::Inpaint::2::${H}::SOLO`,
    `MJ::Inpaint::1::${H}`,
    'MJ::Job::PicReader::5',
    'MJ::Job::PicReader::',
    'MJ::Job::PicReader::1::x',
    'MJ::Picread::Again',
    'MJ::Job::PromptAnalyzer::0',
    'MJ::Job::PromptAnalyzer::-1',
    'MJ::Job::PromptAnalyzer::1.5',
    'MJ::Job::PromptAnalyzer::100',
    'MJ::BOOKMARK::',
    `MJ::BOOKMARK::${'a'.repeat(129)}`,
    `MJ::JOB::upsample::1::${H}::SOLO::extra::more`,
  ])('refuses %j', (id) => {
    expect(parseCustomId(id)).toBeNull();
  });

  it('refuses non-strings and oversized input', () => {
    expect(parseCustomId(undefined)).toBeNull();
    expect(parseCustomId(42)).toBeNull();
    expect(parseCustomId({ kind: 'upscale' })).toBeNull();
    expect(parseCustomId(`MJ::BOOKMARK::${'a'.repeat(300)}`)).toBeNull();
  });

  it('never throws, and whatever it accepts builds back to the same string', () => {
    const piece = fc.constantFrom(
      'MJ',
      'JOB',
      'Job',
      'upsample',
      'variation',
      'reroll',
      '0',
      '1',
      '4',
      '50',
      '75',
      'SOLO',
      H,
      'pan_up',
      'Inpaint',
      'Outpaint',
      'PicReader',
      'Retry',
      'Picread',
      'BOOKMARK',
      'CustomZoom',
      'upsample_v7_2x_creative',
      '',
    );
    const id = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 7 }).map((p) => p.join('::')),
    );
    fc.assert(
      fc.property(id, (s) => {
        const parsed = parseCustomId(s);
        if (parsed !== null) expect(buildCustomId(parsed)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('needsModal', () => {
  const p = (id: string): ParsedCustomId => {
    const parsed = parseCustomId(id);
    if (!parsed) throw new Error(`bad fixture ${id}`);
    return parsed;
  };

  it('always asks for custom zoom, region, describe and shorten follow-ups', () => {
    for (const id of [
      `MJ::CustomZoom::${H}`,
      `MJ::Inpaint::1::${H}::SOLO`,
      'MJ::Job::PicReader::2',
      'MJ::Job::PromptAnalyzer::3',
    ]) {
      expect(needsModal(p(id), false)).toBe(true);
      expect(needsModal(p(id), true)).toBe(true);
    }
  });

  it('asks for reroll, variation, vary and pan only under remix', () => {
    for (const id of [
      `MJ::JOB::reroll::0::${H}::SOLO`,
      `MJ::JOB::variation::2::${H}`,
      `MJ::JOB::high_variation::1::${H}::SOLO`,
      `MJ::JOB::pan_up::1::${H}::SOLO`,
    ]) {
      expect(needsModal(p(id), false)).toBe(false);
      expect(needsModal(p(id), true)).toBe(true);
    }
  });

  it('never asks for upscale, zoom out, bookmark or retry', () => {
    for (const id of [
      `MJ::JOB::upsample::1::${H}`,
      `MJ::Outpaint::50::1::${H}::SOLO`,
      `MJ::BOOKMARK::${H}`,
      'MJ::Picread::Retry',
      `MJ::JOB::upsample_v6_2x_subtle::1::${H}::SOLO`,
    ]) {
      expect(needsModal(p(id), true)).toBe(false);
    }
  });
});

describe('buttonsForResult', () => {
  it('gives a grid U1–U4, reroll, V1–V4 in Discord order', () => {
    const buttons = buttonsForResult('grid', H);
    expect(buttons.map((b) => b.label)).toEqual(['U1', 'U2', 'U3', 'U4', '', 'V1', 'V2', 'V3', 'V4']);
    expect(buttons[4]).toEqual({ customId: `MJ::JOB::reroll::0::${H}::SOLO`, emoji: '🔄', label: '' });
    expect(buttons[0]).toEqual({ customId: `MJ::JOB::upsample::1::${H}`, emoji: '', label: 'U1' });
    expect(buttons[8]?.customId).toBe(`MJ::JOB::variation::4::${H}`);
  });

  it('gives an upscale the vary, upscale, zoom, pan, animate, bookmark and Retexture buttons', () => {
    const kinds = buttonsForResult('upscale', H).map((b) => parseCustomId(b.customId));
    expect(kinds).toEqual([
      { kind: 'vary', strength: 'subtle', hash: H },
      { kind: 'vary', strength: 'strong', hash: H },
      { kind: 'region', hash: H },
      { kind: 'upscaleVariant', mode: 'subtle', version: 'v6_2x', hash: H },
      { kind: 'upscaleVariant', mode: 'creative', version: 'v6_2x', hash: H },
      { kind: 'zoomOut', factor: 2, hash: H },
      { kind: 'zoomOut', factor: 1.5, hash: H },
      { kind: 'customZoom', hash: H },
      { kind: 'pan', direction: 'left', hash: H },
      { kind: 'pan', direction: 'right', hash: H },
      { kind: 'pan', direction: 'up', hash: H },
      { kind: 'pan', direction: 'down', hash: H },
      { kind: 'animate', motion: 'high', hash: H },
      { kind: 'animate', motion: 'low', hash: H },
      { kind: 'bookmark', hash: H },
      { kind: 'editor', action: 'retexture', hash: H },
    ]);
    const labels = buttonsForResult('upscale', H).map((b) => b.label || b.emoji);
    expect(labels).toEqual([
      'Vary (Subtle)',
      'Vary (Strong)',
      'Vary (Region)',
      'Upscale (Subtle)',
      'Upscale (Creative)',
      'Zoom Out 2x',
      'Zoom Out 1.5x',
      'Custom Zoom',
      '⬅️',
      '➡️',
      '⬆️',
      '⬇️',
      'Animate (High motion)',
      'Animate (Low motion)',
      '❤️',
      'Retexture',
    ]);
  });

  it('gives describe four PicReader buttons and a retry', () => {
    expect(buttonsForResult('describe', H)).toEqual([
      { customId: 'MJ::Job::PicReader::1', emoji: '', label: '1' },
      { customId: 'MJ::Job::PicReader::2', emoji: '', label: '2' },
      { customId: 'MJ::Job::PicReader::3', emoji: '', label: '3' },
      { customId: 'MJ::Job::PicReader::4', emoji: '', label: '4' },
      { customId: 'MJ::Picread::Retry', emoji: '🔄', label: '' },
    ]);
  });

  it('gives shorten one PromptAnalyzer button per prompt', () => {
    expect(buttonsForResult('shorten', H, 3).map((b) => b.customId)).toEqual([
      'MJ::Job::PromptAnalyzer::1',
      'MJ::Job::PromptAnalyzer::2',
      'MJ::Job::PromptAnalyzer::3',
    ]);
    expect(buttonsForResult('shorten', H)).toHaveLength(5);
  });

  it('every button it emits parses back', () => {
    for (const kind of ['grid', 'upscale', 'describe', 'shorten', 'video'] as const) {
      for (const b of buttonsForResult(kind, H)) expect(parseCustomId(b.customId)).not.toBeNull();
    }
  });

  it('maps task actions to the result they show', () => {
    expect(resultKindForAction('IMAGINE')).toBe('grid');
    expect(resultKindForAction('INPAINT')).toBe('grid');
    expect(resultKindForAction('BLEND')).toBe('grid');
    expect(resultKindForAction('UPSCALE')).toBe('upscale');
    expect(resultKindForAction('DESCRIBE')).toBe('describe');
    expect(resultKindForAction('SHORTEN')).toBe('shorten');
    expect(resultKindForAction('VIDEO')).toBe('video');
  });

  it('gives a clip Extend (High/Low motion) on its first clip', () => {
    expect(buttonsForResult('video', H)).toEqual([
      { customId: `MJ::JOB::animate_high_extend::1::${H}`, emoji: '🎞️', label: 'Extend (High motion)' },
      { customId: `MJ::JOB::animate_low_extend::1::${H}`, emoji: '🎞️', label: 'Extend (Low motion)' },
    ]);
  });

  it('refuses video ids out of shape', () => {
    for (const id of [
      `MJ::JOB::animate_medium::1::${H}::SOLO`,
      `MJ::JOB::animate_high::1::${H}`,
      `MJ::JOB::animate_high_extend::5::${H}`,
      `MJ::JOB::animate_low_extend::1::${H}::SOLO`,
      `MJ::JOB::animate_high::2::${H}::SOLO`,
    ]) {
      expect(parseCustomId(id)).toBeNull();
    }
  });
});

describe('the task each button makes', () => {
  it('is the action of the task a press creates, and none for a bookmark', () => {
    expect(
      buttonTaskAction(
        parseCustomId(buildCustomId({ kind: 'upscaleVariant', mode: 'creative', version: 'v6_2x', hash: H })),
      ),
    ).toBe(TaskAction.Upscale);
    expect(
      buttonTaskAction(parseCustomId(buildCustomId({ kind: 'vary', strength: 'strong', hash: H }))),
    ).toBe(TaskAction.Variation);
    expect(buttonTaskAction(parseCustomId(buildCustomId({ kind: 'customZoom', hash: H })))).toBe(
      TaskAction.Zoom,
    );
    expect(buttonTaskAction(parseCustomId(buildCustomId({ kind: 'promptAnalyzer', index: 3 })))).toBe(
      TaskAction.Imagine,
    );
    expect(buttonTaskAction(parseCustomId(buildCustomId({ kind: 'picReaderRetry' })))).toBe(
      TaskAction.Describe,
    );
    expect(buttonTaskAction(parseCustomId(buildCustomId({ kind: 'bookmark', hash: H })))).toBeNull();
    expect(buttonTaskAction(parseCustomId('MJ::nothing'))).toBeNull();
  });
});
