import i18n from '../../../i18n';
import { notify } from '../../../lib/notify';
import { ChannelCallError } from './api';

/**
 * After a failed channel call: the HTTP client already toasted envelope messages and network
 * errors; a raw 404/500 envelope (returned, not thrown) gets the given message here.
 */
export function reportCallFailure(error: unknown, fallback: string = i18n.t('http.requestFailed')): void {
  if (error instanceof ChannelCallError) notify.error(error.message || fallback);
}
