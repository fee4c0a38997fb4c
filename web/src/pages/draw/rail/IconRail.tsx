import { BotMessageSquareIcon, ImagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LogoIcon } from '../../../components/app/BrandMark';
import { notify } from '../../../lib/notify';
import { companyInfoStore } from '../../../stores/companyInfo';
import { RailButton } from './RailButton';

/** The 72 px server rail: drawing (isShowDiscord), the archive and chat (isShowChatGPT, not open yet). */
export function IconRail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { isShowDiscord, isShowChatGPT } = useSnapshot(companyInfoStore);

  return (
    <nav
      data-testid="rail"
      aria-label={t('rail.label')}
      className="scrollbar-none flex w-[72px] shrink-0 flex-col items-center gap-2 overflow-y-auto bg-rail py-3"
    >
      {isShowDiscord && (
        <RailButton
          label={t('rail.draw')}
          active={pathname.startsWith('/draw') || pathname.startsWith('/chat')}
          onClick={() => navigate('/draw')}
          testId="rail-draw"
        >
          <LogoIcon className="size-12" />
        </RailButton>
      )}
      <RailButton
        label={t('archive.rail')}
        active={pathname.startsWith('/archive')}
        onClick={() => navigate('/archive')}
        testId="rail-archive"
      >
        <ImagesIcon className="size-6" aria-hidden />
      </RailButton>
      {isShowChatGPT && (
        <RailButton
          label={t('rail.chat')}
          tone="green"
          onClick={() => notify.warning(t('rail.chatUnavailable'))}
          testId="rail-chat"
        >
          <BotMessageSquareIcon className="size-6" aria-hidden />
        </RailButton>
      )}
      <div
        role="separator"
        aria-hidden
        className="mx-auto h-0.5 w-8 shrink-0 rounded-full bg-sidebar-active"
      />
    </nav>
  );
}
