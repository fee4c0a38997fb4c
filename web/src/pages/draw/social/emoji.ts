/**
 * The reaction picker's emoji: a curated set of the ones people use most (Discord's frequent row
 * and Slack's defaults), so the picker is a small grid rather than a library of thousands.
 */
export const REACTION_EMOJI = [
  '👍',
  '❤️',
  '😂',
  '🔥',
  '😍',
  '🎉',
  '👏',
  '😮',
  '🤩',
  '😢',
  '🙏',
  '💯',
  '✨',
  '👀',
  '🤔',
  '😎',
  '🥰',
  '😆',
  '🙌',
  '💪',
  '👌',
  '🎨',
  '🖼️',
  '⭐',
  '🌈',
  '🚀',
  '💡',
  '😅',
  '👎',
  '❓',
] as const;

/** Quick reactions shown first in the hover toolbar. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '🔥'] as const;
