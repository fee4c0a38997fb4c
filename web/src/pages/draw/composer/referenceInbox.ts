import { useEffect } from 'react';

/**
 * Images another part of the screen hands to a channel's composer as references (the image view's
 * "Use as reference"): the composer open for that channel adds them as it adds a dropped file.
 */
type Listener = (channelId: string, files: readonly File[]) => void;
const listeners = new Set<Listener>();

/** Hands files to the composer of `channelId`; false when no composer is open to take them. */
export function sendReferenceToComposer(channelId: string, files: readonly File[]): boolean {
  for (const listener of listeners) listener(channelId, files);
  return listeners.size > 0;
}

/** The composer's side: adds what is sent to its channel. */
export function useReferenceInbox(channelId: string, add: (files: readonly File[]) => unknown): void {
  useEffect(() => {
    const listener: Listener = (target, files) => {
      if (target === channelId) void add(files);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [channelId, add]);
}
