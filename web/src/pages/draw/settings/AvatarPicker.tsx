import { IMAGE_MIME_TYPES } from '@draw/shared';
import { CameraIcon, Loader2Icon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';

export interface AvatarPickerProps {
  src: string;
  name: string;
  uploading: boolean;
  onPick: (file: File) => void;
}

/** The avatar with a "change" overlay; opens the file chooser. */
export function AvatarPicker({ src, name, uploading, onPick }: AvatarPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="relative size-20 shrink-0 rounded-full ring-[6px] ring-muted dark:ring-[#232428]">
      <UserAvatar src={src} name={name} className="size-20" />
      <button
        type="button"
        data-testid="settings-avatar"
        aria-label={t('settings.changeAvatar')}
        disabled={uploading}
        onClick={() => input.current?.click()}
        className="absolute inset-0 flex flex-col items-center justify-center rounded-full bg-black/55 text-[10px] font-bold text-white uppercase opacity-0 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring data-[busy=true]:opacity-100"
        data-busy={uploading}
      >
        {uploading ? (
          <Loader2Icon className="size-5 animate-spin" aria-hidden />
        ) : (
          <CameraIcon className="size-5" aria-hidden />
        )}
        <span className="mt-0.5">{t('settings.changeAvatarShort')}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        className="hidden"
        data-testid="settings-avatar-input"
        aria-label={t('settings.changeAvatar')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </div>
  );
}
