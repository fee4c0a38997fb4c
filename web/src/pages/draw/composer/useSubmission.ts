import { useRef, useState } from 'react';
import { reportFailure } from '../../../lib/http';
import { noticePause } from './submitPause';

export interface Submission {
  /** A call is on its way: the send button spins and a second send waits for it. */
  sending: boolean;
  /** True between a send and its answer (also before the next render shows `sending`). */
  isBusy(): boolean;
  /**
   * Runs one call, unless one is already running; `onSent` after it succeeded. A failure is shown
   * (a toast unless the client already said it); a muted channel calls `onMuted`. `onSettled` either way.
   */
  submit(run: () => Promise<unknown>, handlers: SubmitHandlers): Promise<void>;
}

export interface SubmitHandlers {
  onSent(): void;
  onMuted(): void;
  onSettled(): void;
}

/** One call at a time from the composer. */
export function useSubmission(): Submission {
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  return {
    sending,
    isBusy: () => busy.current,
    async submit(run, { onSent, onMuted, onSettled }) {
      if (busy.current) return;
      busy.current = true;
      setSending(true);
      try {
        await run();
        onSent();
      } catch (error) {
        if (reportFailure(error) === 'channel_muted') onMuted();
        // Moderation paused the submits: the composer counts down to the end the refusal gave.
        noticePause(error);
      } finally {
        busy.current = false;
        setSending(false);
        onSettled();
      }
    },
  };
}
