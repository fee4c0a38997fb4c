import { Limits } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import {
  activeCommand,
  checkMessage,
  checkPrompt,
  commandQuery,
  completeCommand,
  cycleIndex,
  matchCommands,
  offeredCommands,
  drawableText,
  parseInput,
  takesPrompt,
} from './commands';

describe('parseInput', () => {
  it('treats blank text as empty', () => {
    expect(parseInput('')).toEqual({ kind: 'empty' });
    expect(parseInput('  \n ')).toEqual({ kind: 'empty' });
  });

  it('reads a known command and its argument', () => {
    expect(parseInput('/imagine a red fox in snow')).toEqual({
      kind: 'command',
      name: 'imagine',
      argument: 'a red fox in snow',
    });
    expect(parseInput('  /IMAGINE   a fox  ')).toEqual({
      kind: 'command',
      name: 'imagine',
      argument: 'a fox',
    });
    expect(parseInput('/shorten a very long prompt\nwith two lines')).toEqual({
      kind: 'command',
      name: 'shorten',
      argument: 'a very long prompt\nwith two lines',
    });
    expect(parseInput('/settings')).toEqual({ kind: 'command', name: 'settings', argument: '' });
    expect(parseInput('/info')).toEqual({ kind: 'command', name: 'info', argument: '' });
    expect(parseInput('/blend')).toEqual({ kind: 'command', name: 'blend', argument: '' });
    expect(parseInput('/describe')).toEqual({ kind: 'command', name: 'describe', argument: '' });
  });

  it('posts anything else as a plain message', () => {
    expect(parseInput('hello there')).toEqual({ kind: 'message', content: 'hello there' });
    expect(parseInput('see /imagine later')).toEqual({ kind: 'message', content: 'see /imagine later' });
    expect(parseInput('/usr/bin is a path')).toEqual({ kind: 'message', content: '/usr/bin is a path' });
  });

  it('knows an unknown slash word for a command it refuses, with the one it most likely meant', () => {
    expect(parseInput('/imagin a cat')).toEqual({
      kind: 'unknown',
      name: 'imagin',
      suggestion: 'imagine',
      argument: 'a cat',
    });
    expect(parseInput('/imaginefox')).toMatchObject({ kind: 'unknown', suggestion: 'imagine' });
    expect(parseInput('/Descibe')).toMatchObject({
      kind: 'unknown',
      name: 'descibe',
      suggestion: 'describe',
    });
    expect(parseInput('/shrug ok')).toMatchObject({ kind: 'unknown', name: 'shrug', suggestion: null });
  });

  it('offers to draw text typed with no slash', () => {
    expect(drawableText('  a red fox ')).toBe('a red fox');
    expect(drawableText('/imagine a fox')).toBeNull();
    expect(drawableText('   ')).toBeNull();
  });
});

describe('the command menu', () => {
  it('opens on `/` and letters, closes at the first space', () => {
    expect(commandQuery('/')).toBe('');
    expect(commandQuery('/Im')).toBe('im');
    expect(commandQuery('/imagine ')).toBeNull();
    expect(commandQuery('hello')).toBeNull();
    expect(commandQuery(' /im')).toBeNull();
  });

  it('lists every command for `/`, prefix matches first', () => {
    expect(matchCommands('')).toEqual([
      'imagine',
      'describe',
      'blend',
      'shorten',
      'retexture',
      'settings',
      'info',
    ]);
    expect(matchCommands('s')).toEqual(['shorten', 'settings', 'describe']);
    expect(matchCommands('in')).toEqual(['info', 'imagine', 'settings']);
    expect(matchCommands('zzz')).toEqual([]);
  });

  it('leaves out /shorten where the engine does not offer it (the Java line)', () => {
    expect(offeredCommands(['shorten', 'video', 'describe', 'blend'])).toEqual([
      'imagine',
      'describe',
      'blend',
      'shorten',
      'settings',
      'info',
    ]);
    expect(offeredCommands(['describe', 'blend'])).toEqual([
      'imagine',
      'describe',
      'blend',
      'settings',
      'info',
    ]);
    expect(matchCommands('s', offeredCommands(['describe', 'blend']))).toEqual(['settings', 'describe']);
    expect(matchCommands('shor', offeredCommands(['describe', 'blend']))).toEqual([]);
  });

  it('leaves out /describe and /blend where the engine offers neither (ComfyUI)', () => {
    expect(offeredCommands(['cancel'])).toEqual(['imagine', 'settings', 'info']);
  });

  it('offers /retexture only where the engine draws it', () => {
    expect(offeredCommands(['retexture'])).toEqual(['imagine', 'retexture', 'settings', 'info']);
    expect(takesPrompt('retexture')).toBe(true);
  });

  it('completes prompt commands with a trailing space', () => {
    expect(completeCommand('imagine')).toBe('/imagine ');
    expect(completeCommand('shorten')).toBe('/shorten ');
    expect(completeCommand('settings')).toBe('/settings');
  });

  it('knows which command an option is typed for', () => {
    expect(activeCommand('/imagine a')).toBe('imagine');
    expect(activeCommand('/imagine')).toBeNull();
    expect(activeCommand('/nope x')).toBeNull();
  });

  it('wraps the highlight around both ends', () => {
    expect(cycleIndex(0, -1, 6)).toBe(5);
    expect(cycleIndex(5, 1, 6)).toBe(0);
    expect(cycleIndex(2, 1, 6)).toBe(3);
    expect(cycleIndex(0, 1, 0)).toBe(0);
  });
});

describe('text limits', () => {
  it('needs a prompt of at most 4000 characters', () => {
    expect(checkPrompt('')).toBe('promptRequired');
    expect(checkPrompt('   ')).toBe('promptRequired');
    expect(checkPrompt('x'.repeat(Limits.promptMaxChars))).toBeNull();
    expect(checkPrompt('x'.repeat(Limits.promptMaxChars + 1))).toBe('promptTooLong');
  });

  it('caps messages at 2000 characters', () => {
    expect(checkMessage('x'.repeat(Limits.messageMaxChars))).toBeNull();
    expect(checkMessage('x'.repeat(Limits.messageMaxChars + 1))).toBe('messageTooLong');
  });
});
