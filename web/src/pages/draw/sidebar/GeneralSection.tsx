import { UserRoundPenIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryHeader } from './CategoryHeader';
import { SidebarRow } from './SidebarRow';

/** The collapsible 常规 category with the entry that opens the user settings (named for what it opens). */
export function GeneralSection({ onEditProfile }: { onEditProfile: () => void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  return (
    <section aria-label={t('sidebar.general')} className="flex flex-col gap-0.5">
      <CategoryHeader
        title={t('sidebar.general')}
        expanded={expanded}
        onToggle={() => setExpanded(!expanded)}
        controlsId={listId}
      />
      {expanded && (
        <div id={listId}>
          <SidebarRow
            icon={<UserRoundPenIcon aria-hidden />}
            label={t('sidebar.editServerProfile')}
            onClick={onEditProfile}
            testId="edit-server-profile"
          />
        </div>
      )}
    </section>
  );
}
