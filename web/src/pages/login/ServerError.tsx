import { isEnvelope } from '@draw/shared';
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
    /** A thrown failure: the HTTP client has already shown it as a toast. */
    fromError: (error: unknown) => setMessage(error instanceof HttpError ? error.message : t('http.requestFailed')),
    /** A failure handed back as the raw body (an HTTP 200 envelope with code 404/500): toast and keep it. */
    fromRawAnswer: (answer: unknown) => {
      const text = isEnvelope(answer) && answer.message ? answer.message : t('http.requestFailed');
      notify.error(text);
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
