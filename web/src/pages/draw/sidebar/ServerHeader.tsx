import { ChevronDownIcon, CrownIcon, PencilIcon, PlusCircleIcon, ShieldIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { companyInfoStore } from '../../../stores/companyInfo';
import { userInfoStore } from '../../../stores/userInfo';

export interface ServerHeaderProps {
  onCreateChannel: () => void;
  onEditProfile: () => void;
  onSubscribe: () => void;
}

/** The sidebar's top bar: the server (company) name with a menu, like Discord's server header. */
export function ServerHeader({ onCreateChannel, onEditProfile, onSubscribe }: ServerHeaderProps) {
  const { t } = useTranslation();
  const { name } = useSnapshot(companyInfoStore);
  // Only a site admin sees the way in; the server refuses /api/admin to anyone else regardless.
  const { isAdmin } = useSnapshot(userInfoStore);
  const navigate = useNavigate();
  const serverName = name || t('app.name');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          data-testid="server-header"
          aria-label={t('sidebar.serverMenu', { name: serverName })}
          className="flex h-12 w-full shrink-0 items-center justify-between gap-2 px-4 text-left shadow-elevation transition-colors outline-none hover:bg-sidebar-hover focus-visible:bg-sidebar-hover data-[state=open]:bg-sidebar-hover"
        >
          <span className="truncate text-[15px] font-semibold text-heading">{serverName}</span>
          <ChevronDownIcon className="size-4 shrink-0 text-heading" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center" className="w-[220px]">
        <DropdownMenuItem onSelect={onSubscribe}>
          {t('subscribe.title')}
          <CrownIcon className="ml-auto text-[#f0b232]" aria-hidden />
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onCreateChannel}>
          {t('sidebar.createChannel')}
          <PlusCircleIcon className="ml-auto" aria-hidden />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onEditProfile}>
          {t('sidebar.editServerProfile')}
          <PencilIcon className="ml-auto" aria-hidden />
        </DropdownMenuItem>
        {isAdmin && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void navigate('/admin')} data-testid="open-admin">
              {t('sidebar.adminConsole')}
              <ShieldIcon className="ml-auto" aria-hidden />
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
