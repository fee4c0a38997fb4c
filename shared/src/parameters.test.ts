import { describe, expect, it } from 'vitest';
import { findParameterProblem, modelFamilyOf, writtenParameters } from './parameters';

describe('Midjourney parameters', () => {
  it('takes what Midjourney takes', () => {
    for (const prompt of [
      'a cat',
      'a cat --ar 16:9 --s 250 --c 20 --v 6.1 --fast',
      'a cat --aspect 2:3 --stylize 0 --chaos 100 --weird 3000 --seed 4294967295',
      'a cat --no dogs, birds --tile --style raw --v 6',
      'a cat --q .5 --v 6.1',
      'a cat --q 4 --v 7 --exp 25 --raw --draft',
      'a cat --niji 5 --style scenic',
      'a cat --niji --iw 2.5',
      'a cat —ar 4:5 —relax',
      'a cat --sref https://a.example/x.png --sw 300 --v 7 --oref https://a.example/y.png --ow 500',
      'a cat --cref https://a.example/y.png --cw 50 --v 6.1',
      'a cat --p --stop 50 --r 4',
    ]) {
      expect(findParameterProblem(prompt), prompt).toBeNull();
    }
  });

  it('names the parameter and its allowed range or values', () => {
    expect(findParameterProblem('a cat --s 5000')).toEqual({
      kind: 'value',
      param: 's',
      allowed: { kind: 'range', min: 0, max: 1000, integer: true },
    });
    expect(findParameterProblem('a cat --ar banana')).toEqual({
      kind: 'value',
      param: 'ar',
      allowed: { kind: 'ratio' },
    });
    expect(findParameterProblem('a cat --ar 1.5:1')).toMatchObject({ param: 'ar' });
    expect(findParameterProblem('a cat --c -5')).toMatchObject({
      param: 'c',
      allowed: { kind: 'range', min: 0, max: 100 },
    });
    expect(findParameterProblem('a cat --seed 12.5')).toMatchObject({ param: 'seed' });
    expect(findParameterProblem('a cat --q 3 --v 6')).toEqual({
      kind: 'value',
      param: 'q',
      allowed: { kind: 'choice', values: ['.25', '.5', '1', '2'] },
    });
    expect(findParameterProblem('a cat --v 8')).toMatchObject({ param: 'v', allowed: { kind: 'choice' } });
    expect(findParameterProblem('a cat --tile 4')).toEqual({
      kind: 'value',
      param: 'tile',
      allowed: { kind: 'flag' },
    });
    expect(findParameterProblem('a cat --no')).toEqual({
      kind: 'value',
      param: 'no',
      allowed: { kind: 'text' },
    });
    expect(findParameterProblem('a cat --niji 5 --style raw')).toMatchObject({
      param: 'style',
      allowed: { values: ['cute', 'expressive', 'original', 'scenic'] },
    });
  });

  it('refuses what Midjourney does not know, and what the version does not take', () => {
    expect(findParameterProblem('a cat --banana 3')).toEqual({ kind: 'unknown', param: 'banana' });
    expect(findParameterProblem('a cat --oref https://a.example/y.png --v 6.1')).toEqual({
      kind: 'version',
      param: 'oref',
      model: 'V6',
      takenBy: ['V7'],
    });
    expect(findParameterProblem('a cat --cref https://a.example/y.png --v 7')).toMatchObject({
      kind: 'version',
      param: 'cref',
      model: 'V7',
    });
    expect(findParameterProblem('a cat --exp 10 --niji 6')).toMatchObject({
      kind: 'version',
      param: 'exp',
      model: 'Niji 6',
    });
  });

  it('reads the last version written, and text before the first parameter as the prompt', () => {
    expect(modelFamilyOf(writtenParameters('a --v 6 --v 7'))).toBe('V7');
    expect(modelFamilyOf(writtenParameters('a --niji 5'))).toBe('Niji 5');
    expect(modelFamilyOf(writtenParameters('a cat'))).toBe('V7');
    expect(writtenParameters('a - b -- c --ar 3:2 --no red cars')).toEqual([
      { name: 'ar', value: '3:2' },
      { name: 'no', value: 'red cars' },
    ]);
  });
});
