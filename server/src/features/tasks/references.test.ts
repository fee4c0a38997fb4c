import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { isLocalOrigin, planReferences } from './references';

const base = {
  weights: {},
  finalPrompt: 'a fox --v 6.1',
  publicUrl: 'https://draw.example.com',
  upstream: true,
  keyOf: (id: string) => id,
};
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.key : 'other';
  }
  return null;
};

describe('where an upstream can fetch our images from', () => {
  it('counts no origin, loopback, private and local names as local', () => {
    for (const url of [
      '',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://10.1.2.3',
      'http://192.168.1.5',
      'http://172.20.0.2',
      'http://[::1]:3000',
      'http://mj-host',
      'http://draw.local',
    ]) {
      expect(isLocalOrigin(url), url).toBe(true);
    }
    for (const url of ['https://draw.example.com', 'http://203.0.113.7:3000'])
      expect(isLocalOrigin(url), url).toBe(false);
  });
});

describe('references of an /imagine', () => {
  it('image prompts go as images; style and character references as our URLs with their weights', () => {
    const plan = planReferences({
      ...base,
      references: [
        { imageId: 'a.png', kind: 'image' },
        { imageId: 'b.png', kind: 'style' },
        { imageId: 'c.png', kind: 'style' },
        { imageId: 'd.png', kind: 'character' },
      ],
      weights: { image: 1.5, style: 250, character: 40 },
    });
    expect(plan).toEqual({
      imageKeys: ['a.png'],
      styleKeys: ['b.png', 'c.png'],
      params:
        '--iw 1.5 --sref https://draw.example.com/files/b.png https://draw.example.com/files/c.png --sw 250 --cref https://draw.example.com/files/d.png --cw 40',
    });
  });

  it('V7 takes omni references and refuses character ones; V6 the other way round', () => {
    const omni = {
      ...base,
      finalPrompt: 'a fox --v 7',
      references: [{ imageId: 'd.png', kind: 'omni' as const }],
      weights: { omni: 400 },
    };
    expect(planReferences(omni).params).toBe('--oref https://draw.example.com/files/d.png --ow 400');
    expect(
      refusal(() => planReferences({ ...omni, references: [{ imageId: 'd.png', kind: 'character' }] })),
    ).toBe('task.referenceNotForVersion');
    expect(refusal(() => planReferences({ ...base, references: [{ imageId: 'd.png', kind: 'omni' }] }))).toBe(
      'task.referenceNotForVersion',
    );
  });

  it('refuses weights outside Midjourney ranges', () => {
    const refs = [{ imageId: 'b.png', kind: 'style' as const }];
    expect(refusal(() => planReferences({ ...base, references: refs, weights: { style: 1001 } }))).toBe(
      'task.badReferenceWeight',
    );
    expect(refusal(() => planReferences({ ...base, references: refs, weights: { image: 3.5 } }))).toBe(
      'task.badReferenceWeight',
    );
    expect(
      refusal(() =>
        planReferences({
          ...base,
          finalPrompt: 'x --v 7',
          references: [{ imageId: 'd.png', kind: 'omni' }],
          weights: { omni: 0 },
        }),
      ),
    ).toBe('task.badReferenceWeight');
  });

  it('with an upstream, refuses linked references when our origin is not public; image prompts still go', () => {
    const local = { ...base, publicUrl: 'http://127.0.0.1:3000' };
    expect(
      refusal(() => planReferences({ ...local, references: [{ imageId: 'b.png', kind: 'style' }] })),
    ).toBe('task.referencesNeedPublicUrl');
    expect(planReferences({ ...local, references: [{ imageId: 'a.png', kind: 'image' }] }).imageKeys).toEqual(
      ['a.png'],
    );
    expect(
      planReferences({ ...local, upstream: false, references: [{ imageId: 'b.png', kind: 'style' }] })
        .styleKeys,
    ).toEqual(['b.png']);
  });
});
