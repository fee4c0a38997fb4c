import { ErrorReason } from '@draw/shared';
import i18n from '../../../i18n';
import { refusalActions } from '../../../lib/http';
import { refreshCredits } from '../credits/creditsStore';
import { openSubscribeDialog } from '../drawDialogs';

/**
 * A task refused for lack of credits (insufficient_credits, wherever it was submitted from) gets a
 * "Subscribe" button on its error toast that opens the 订阅 dialog. The meter was out of date
 * (spent in another tab, say): it is read again.
 */
export function offerSubscribeOnRefusal(): void {
  refusalActions[ErrorReason.InsufficientCredits] = () => {
    void refreshCredits();
    return { label: i18n.t('billing.toastAction'), onClick: openSubscribeDialog };
  };
}

offerSubscribeOnRefusal();
