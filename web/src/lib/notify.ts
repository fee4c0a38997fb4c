import { toast } from 'sonner';

/** The one place the app raises toasts, so tests can observe them. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast(message),
};
