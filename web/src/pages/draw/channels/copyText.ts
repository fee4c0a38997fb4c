/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it, otherwise the
 * old select-and-copy on the given field (plain http origins, denied permission).
 */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall back below.
  }
  if (!field) return false;
  try {
    field.focus();
    field.select();
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
