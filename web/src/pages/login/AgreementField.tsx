import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/ui/checkbox';

export interface AgreementFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  showError: boolean;
}

const linkClass = 'font-medium text-[#006ce7] hover:underline dark:text-[#00a8fc]';

/** The user agreement and privacy policy must be accepted before signing in. */
export function AgreementField({ checked, onCheckedChange, showError }: AgreementFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2.5">
        <Checkbox
          id="login-agree"
          data-testid="login-agree"
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? 'login-agree-error' : undefined}
          aria-label={t('login.agreeLabel')}
          className="mt-px"
        />
        <p className="text-xs leading-5 text-muted-foreground">
          <label htmlFor="login-agree" className="cursor-pointer">
            {t('login.agreePrefix')}
          </label>{' '}
          <Link to="/user-agreement" target="_blank" className={linkClass}>
            {t('login.userAgreement')}
          </Link>{' '}
          {t('login.agreeAnd')}{' '}
          <Link to="/privacy-policy" target="_blank" className={linkClass}>
            {t('login.privacyPolicy')}
          </Link>
        </p>
      </div>
      {showError && (
        <p
          id="login-agree-error"
          role="alert"
          className="pl-7.5 text-xs font-medium text-destructive dark:text-[#fa777c]"
        >
          {t('login.errors.agreeRequired')}
        </p>
      )}
    </div>
  );
}
