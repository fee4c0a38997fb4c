import { LANGUAGES, type Language } from '@draw/shared';
import { ChevronDownIcon, GlobeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGE_NAMES } from '../../i18n';
import { changeLanguage } from '../../lib/preferences';
import { cn } from '../../lib/utils';
import { appSettingStore } from '../../stores/appSetting';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/**
 * A globe button naming the current language, opening the three languages (each written in
 * itself). For screens without the settings dialog: login, invite, legal pages. `inverted` is for
 * the blurple backdrop.
 */
export function LanguageMenu({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  const { language } = useSnapshot(appSettingStore);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid="language-menu"
        aria-label={`${t('common.languageMenu')}: ${LANGUAGE_NAMES[language]}`}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2',
          inverted
            ? 'text-white hover:bg-white/15 focus-visible:ring-white'
            : 'text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-ring',
        )}
      >
        <GlobeIcon className="size-[18px]" aria-hidden />
        <span lang={language}>{LANGUAGE_NAMES[language]}</span>
        <ChevronDownIcon className="size-4 opacity-70" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => changeLanguage(value as Language, language)}
        >
          {LANGUAGES.map((option) => (
            <DropdownMenuRadioItem
              key={option}
              value={option}
              lang={option}
              data-testid={`language-menu-${option}`}
            >
              {LANGUAGE_NAMES[option]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
