import { ImagesIcon } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Discord's "Upload to #channel" overlay, shown while files are dragged over the window. */
export function DropOverlay({ title }: { title: string }) {
  const { t } = useTranslation();
  return createPortal(
    <div
      data-testid="composer-drop-overlay"
      className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-overlay p-6 animate-fade-in"
      aria-hidden
    >
      <div className="w-full max-w-[310px] rounded-xl bg-primary p-2 shadow-2xl">
        <div className="flex flex-col items-center rounded-lg border-2 border-dashed border-white/45 px-6 pt-14 pb-6 text-center text-white">
          <span className="-mt-24 mb-4 flex size-20 items-center justify-center rounded-2xl bg-white text-primary shadow-lg">
            <ImagesIcon className="size-10" />
          </span>
          <p className="text-xl font-bold">{t('composer.dropTitle', { title })}</p>
          <p className="mt-2 text-sm text-white/85">{t('composer.dropText')}</p>
        </div>
      </div>
    </div>,
    document.body,
  );
}
