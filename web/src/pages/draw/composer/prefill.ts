/**
 * Text another screen leaves for a channel's composer (the archive's "reuse": `/imagine <prompt>`;
 * a failed task's "Edit prompt"). Read when the composer mounts and cleared once it has, so it
 * fills one composer once; a composer already open for that channel takes it at once.
 */
let waiting: { channelId: string; text: string } | null = null;
const listeners = new Set<(channelId: string, text: string) => void>();

export function prefillComposer(channelId: string, text: string): void {
  waiting = { channelId, text };
  for (const listener of listeners) listener(channelId, text);
}

export function peekPrefill(channelId: string): string | null {
  return waiting?.channelId === channelId ? waiting.text : null;
}

export function clearPrefill(channelId: string): void {
  if (waiting?.channelId === channelId) waiting = null;
}

/** Hears every prefill while a composer is open; returns the unsubscribe. */
export function onPrefill(listener: (channelId: string, text: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
