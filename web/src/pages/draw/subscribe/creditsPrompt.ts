import { ErrorReason } from '@draw/shared';
import i18n from '../../../i18n';
import { refusalActions } from '../../../lib/http';
import { openSubscribeDialog } from '../drawDialogs';

/**
 * A task refused for lack of credits (insufficient_credits, wherever it was submitted from) gets a
 * "Subscribe" button on its error toast that opens the 订阅 dialog.
 */
export function offerSubscribeOnRefusal(): void {
  refusalActions[ErrorReason.InsufficientCredits] = () => ({ label: i18n.t('billing.toastAction'), onClick: openSubscribeDialog });
}

offerSubscribeOnRefusal();
