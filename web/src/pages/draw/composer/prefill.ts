/**
 * Text another screen leaves for a channel's composer (the archive's "reuse": `/imagine <prompt>`).
 * Read when the composer mounts and cleared once it has, so it fills one composer once.
 */
let waiting: { channelId: string; text: string } | null = null;

export function prefillComposer(channelId: string, text: string): void {
  waiting = { channelId, text };
}

export function peekPrefill(channelId: string): string | null {
  return waiting?.channelId === channelId ? waiting.text : null;
}

export function clearPrefill(channelId: string): void {
  if (waiting?.channelId === channelId) waiting = null;
}
