import {
  actionOf,
  COMMAND_ACTIONS,
  CommandInput,
  isEditorAction,
  Limits,
  type CommandActionName,
  type EditorActionName,
} from '@draw/shared';

/** Commands of the composer itself, after the drawing ones: they make no task. */
const PANEL_COMMANDS = ['settings', 'info'] as const;
type PanelCommand = (typeof PANEL_COMMANDS)[number];

/**
 * The Midjourney bot's slash commands, in the order the command menu lists them: each action of
 * the shared table with a command, then the panels.
 */
export const COMMAND_NAMES: readonly CommandName[] = [...COMMAND_ACTIONS, ...PANEL_COMMANDS];
export type CommandName = CommandActionName | PanelCommand;

/** What a drawing command takes after its name (a prompt, images); null for a panel. */
export function commandInput(name: CommandName): CommandInput | null {
  return isPanel(name) ? null : actionOf(name).command!.takes;
}

const isPanel = (name: CommandName): name is PanelCommand =>
  (PANEL_COMMANDS as readonly string[]).includes(name);

/** Commands that take a `prompt` option typed after the name; the others run as soon as they are picked. */
export function takesPrompt(name: CommandName): boolean {
  const takes = commandInput(name);
  return takes === CommandInput.Prompt || takes === CommandInput.ImageAndPrompt;
}

/** An editor command (`/retexture`): one attached image and the prompt typed after its name. */
export function isEditorCommand(name: CommandName): name is EditorActionName {
  return !isPanel(name) && isEditorAction(name);
}

export function isCommandName(value: string): value is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(value);
}

/** What the text of the composer means once it is sent. */
export type ParsedInput =
  | { kind: 'empty' }
  | { kind: 'message'; content: string }
  | { kind: 'command'; name: CommandName; argument: string }
  /** `/word …` that names no command: refused, never posted to the channel (a typo would be). */
  | { kind: 'unknown'; name: string; suggestion: CommandName | null; argument: string };

/**
 * `/name rest` with a known name is that command (names are case-insensitive); `/word rest` with
 * any other word is an unknown command, with the command it most likely meant. Anything else (a
 * path such as `/usr/bin`, text with no slash first) is a plain message. Surrounding whitespace never counts.
 */
export function parseInput(text: string): ParsedInput {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty' };
  const match = /^\/([a-z]+)(?:\s+([\s\S]*))?$/i.exec(trimmed);
  const name = match?.[1]?.toLowerCase();
  const argument = (match?.[2] ?? '').trim();
  if (match && name && isCommandName(name)) return { kind: 'command', name, argument };
  if (match && name) return { kind: 'unknown', name, suggestion: suggestCommand(name), argument };
  return { kind: 'message', content: trimmed };
}

/** How many single-letter edits turn one word into the other (Levenshtein). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The command an unknown name most likely meant: one it starts with (`/imaginefox`), or one at
 * most two letters away (`/imagin`, `/descibe`); null when none is close.
 */
export function suggestCommand(name: string): CommandName | null {
  const word = name.toLowerCase();
  const prefixed = COMMAND_NAMES.find((command) => word.startsWith(command));
  if (prefixed) return prefixed;
  let best: { command: CommandName; distance: number } | null = null;
  for (const command of COMMAND_NAMES) {
    const distance = editDistance(word, command);
    if (distance <= 2 && (!best || distance < best.distance)) best = { command, distance };
  }
  return best?.command ?? null;
}

/** Text typed with no slash that could be a prompt: the composer offers to draw it with /imagine. */
export function drawableText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed && !trimmed.startsWith('/') ? trimmed : null;
}

/**
 * The partial command name being typed, while the command menu should be open: the text is `/`
 * followed by letters only (no space yet). `null` otherwise.
 */
export function commandQuery(text: string): string | null {
  const match = /^\/([a-z]*)$/i.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/** The commands the current engine serves (each action's `feature`), in menu order. */
export function offeredCommands(features: readonly string[]): CommandName[] {
  return COMMAND_NAMES.filter((name) => {
    const feature = isPanel(name) ? null : actionOf(name).feature;
    return feature === null || features.includes(feature);
  });
}

/**
 * Commands for a partial name: names starting with it first, then names containing it; only
 * those in `offered` (by default all).
 */
export function matchCommands(query: string, offered: readonly CommandName[] = COMMAND_NAMES): CommandName[] {
  const q = query.toLowerCase();
  const starts = offered.filter((name) => name.startsWith(q));
  const contains = offered.filter((name) => !name.startsWith(q) && name.includes(q));
  return [...starts, ...contains];
}

/** The text the composer holds after a command is picked from the menu. */
export function completeCommand(name: CommandName): string {
  return takesPrompt(name) ? `/${name} ` : `/${name}`;
}

/** The command whose option is being typed (`/imagine a fox` → imagine), for the option hint. */
export function activeCommand(text: string): CommandName | null {
  const match = /^\/([a-z]+)\s/i.exec(text);
  const name = match?.[1]?.toLowerCase();
  return name && isCommandName(name) ? name : null;
}

/** Moves the highlighted row of a list by `delta`, wrapping around both ends. */
export function cycleIndex(current: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (((current + delta) % length) + length) % length;
}

export type TextProblem = 'promptRequired' | 'promptTooLong' | 'messageTooLong';

export function checkPrompt(prompt: string): TextProblem | null {
  if (!prompt.trim()) return 'promptRequired';
  if (prompt.length > Limits.promptMaxChars) return 'promptTooLong';
  return null;
}

export function checkMessage(content: string): TextProblem | null {
  return content.length > Limits.messageMaxChars ? 'messageTooLong' : null;
}
