import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';

/**
 * The server's refusal of a sign-in form (wrong password or code, unknown phone, too many
 * attempts), kept in view in the form as well as in a toast, until the user edits something.
 */
export function useServerError() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    /**
     * A thrown failure, kept in view. The HTTP client has toasted it already, except spec §8's
     * 404/500 at HTTP 200, which it hands back unshown: that one is toasted here.
     */
    fromError: (error: unknown) => {
      const text = error instanceof HttpError ? error.message : t('http.requestFailed');
      if (error instanceof HttpError && !error.shown) notify.error(text);
      setMessage(text);
    },
  };
}

export function ServerErrorLine({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid={testId} className="text-sm font-medium text-destructive dark:text-[#fa777c]">
      {message}
    </p>
  );
}
