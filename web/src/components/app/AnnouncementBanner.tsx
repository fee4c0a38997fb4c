import { MegaphoneIcon, XIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { proxy, useSnapshot } from 'valtio';
import { getLiveConnection } from '../../live/connection';
import { api } from '../../lib/api';
import { call } from '../../lib/http';

const DISMISSED_KEY = 'announcementDismissed';

/** The site's banner: what the admins published, and the text this tab's reader closed. */
export const announcementStore = proxy<{ text: string | null; dismissed: string | null }>({
  text: null,
  dismissed: typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(DISMISSED_KEY),
});

async function readAnnouncement(): Promise<void> {
  try {
    announcementStore.text = (await call(api.company.announcement, { silent: true })).text;
  } catch {
    // No banner is better than an error about the banner; the next connect reads it again.
  }
}

let started = false;
/** Read once per tab, then kept live: `site:announcement` on the socket, and a read at each (re)connect. */
function startOnce(): void {
  if (started) return;
  started = true;
  void readAnnouncement();
  getLiveConnection().listen({
    announcement: ({ text }) => void (announcementStore.text = text),
    connected: () => void readAnnouncement(),
  });
}

function dismiss(text: string): void {
  announcementStore.dismissed = text;
  sessionStorage.setItem(DISMISSED_KEY, text);
}

/** The announcement on every page, until its reader closes it (a new text shows again). */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const { text, dismissed } = useSnapshot(announcementStore);
  useEffect(startOnce, []);
  if (!text || text === dismissed) return null;
  return (
    <div
      role="status"
      aria-label={t('moderation.announcement')}
      data-testid="announcement-banner"
      className="fixed top-14 left-1/2 z-40 flex w-max max-w-[min(640px,calc(100vw-1rem))] -translate-x-1/2 items-start gap-2 rounded-lg bg-primary py-2 pr-2 pl-3 text-sm text-primary-foreground shadow-lg"
    >
      <MegaphoneIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 break-words whitespace-pre-wrap">{text}</p>
      <button
        type="button"
        onClick={() => dismiss(text)}
        aria-label={t('moderation.dismissAnnouncement')}
        className="shrink-0 rounded p-0.5 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
