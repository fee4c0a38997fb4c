import type { Announcement } from '@draw/shared/routes';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { ConfirmAction } from '../parts/ConfirmAction';
import { LoadError } from '../parts/DataTable';
import { formatTime } from '../parts/format';
import { Panel } from '../parts/Panel';
import { failureText, useLoad } from '../parts/useLoad';

/** The banner every open page shows, published live. */
export function AnnouncementScreen() {
  const loaded = useLoad(() => call(adminApi.announcement, { silent: true }), 'announcement');
  if (loaded.error) return <LoadError message={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data) return null;
  return <AnnouncementForm announcement={loaded.data} onSaved={loaded.setData} />;
}

function AnnouncementForm({
  announcement,
  onSaved,
}: {
  announcement: Announcement;
  onSaved: (announcement: Announcement) => void;
}) {
  const t = useAdminT();
  const id = useId();
  const [text, setText] = useState(announcement.text ?? '');
  const [error, setError] = useState<string | null>(null);

  async function publish(next: string | null) {
    setError(null);
    try {
      const saved = await call(adminApi.setAnnouncement, { body: { text: next }, silent: true });
      onSaved(saved);
      setText(saved.text ?? '');
      notify.success(t('common.saved'));
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  const current = announcement.text;
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <Panel title={t('announcement.current')}>
        {current ? (
          <div className="flex flex-wrap items-start gap-3">
            <p className="min-w-0 flex-1 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground">
              {current}
            </p>
            <ConfirmAction
              verb={t('announcement.clear')}
              title={t('announcement.clearTitle')}
              onConfirm={() => publish(null)}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('announcement.noCurrent')}</p>
        )}
        {announcement.updatedAt && (
          <p className="mt-2 text-xs text-muted-foreground">{formatTime(announcement.updatedAt)}</p>
        )}
      </Panel>
      <Panel>
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void publish(text.trim() || null);
          }}
        >
          <Label htmlFor={id}>{t('announcement.text')}</Label>
          <Textarea
            id={id}
            rows={3}
            maxLength={500}
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="admin-announcement-text"
          />
          <p className="text-xs text-muted-foreground">{t('announcement.hint')}</p>
          {error && (
            <p role="alert" className="text-sm text-destructive dark:text-[#fa777c]">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" data-testid="admin-announcement-publish">
              {t('announcement.publish')}
            </Button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
