import { useEffect, useState } from 'react';
import { getToken } from '../../../stores/auth';

/** Our own image paths: the only ones the admin's token may be sent with. */
const OWN_FILES = /^\/files\//;

/**
 * An image of people's work as the console shows it. A hidden image answers 404 to a plain `<img>`
 * (a browser sends no token with it), so the console fetches our own `/files/…` with the admin's
 * Bearer and shows the bytes from an object URL; an image elsewhere is shown by its address, and
 * no token goes to another host. Null until the bytes are there (or when they cannot be read).
 */
export function useAdminImage(url: string | null): string | null {
  const own = url !== null && OWN_FILES.test(url);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url || !own) return;
    const controller = new AbortController();
    let made: string | null = null;
    fetch(url, { headers: { authorization: `Bearer ${getToken() ?? ''}` }, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setObjectUrl(null);
    };
  }, [url, own]);
  return own ? objectUrl : url;
}
