import i18n from '../../../i18n';
import { HttpError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/http';
import { notify } from '../../../lib/notify';

/**
 * After a failed channel call: the HTTP client already toasted refusals with a message and
 * network errors; a failure it hands back unshown (spec §8's 404/500 at HTTP 200) gets its
 * message, or the given one, here.
 */
export function reportCallFailure(error: unknown, fallback: string = i18n.t('http.requestFailed')): void {
  if (error instanceof HttpError && !error.shown && error.message !== UNKNOWN_ERROR_MESSAGE)
    notify.error(error.message || fallback);
}
