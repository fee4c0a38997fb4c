import { raiseToast } from './toastQueue';

/** A button on a toast (e.g. "Subscribe" on a refusal for lack of credits). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** The one place the app raises toasts, so tests can observe them. */
export const notify = {
  success: (message: string) => raiseToast((toast) => toast.success(message)),
  error: (message: string, action?: ToastAction) =>
    raiseToast((toast) => toast.error(message, action ? { action, duration: 8000 } : undefined)),
  warning: (message: string) => raiseToast((toast) => toast.warning(message)),
  info: (message: string) => raiseToast((toast) => toast(message)),
};
