import { HandshakeRefusal, type VersionRefusal } from '@draw/shared';
import i18n from '../i18n';
import { notify } from '../lib/notify';

const MESSAGE_KEYS = {
  [HandshakeRefusal.ClientTooOld]: 'live.clientTooOld',
  [HandshakeRefusal.ServerTooOld]: 'live.serverTooOld',
} as const satisfies Record<VersionRefusal, string>;

/**
 * Tells the person why live updates stopped, with a reload button: a reload fetches the current
 * client (client too old), or tries again once the server is updated (server too old).
 */
export function announceRefusal(
  reason: VersionRefusal,
  reload: () => void = () => window.location.reload(),
): void {
  notify.error(i18n.t(MESSAGE_KEYS[reason]), { label: i18n.t('live.reload'), onClick: reload });
}
