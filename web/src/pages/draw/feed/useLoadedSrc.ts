import { useEffect, useState } from 'react';

/**
 * The last of the given image URLs that finished loading, so a new preview replaces the old one
 * only once it can be painted (no blank flash between progress previews).
 */
export function useLoadedSrc(url: string | null): string | null {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!url || typeof Image === 'undefined') return;
    let live = true;
    const image = new Image();
    image.onload = () => {
      if (live) setLoaded(url);
    };
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
    };
  }, [url]);
  return loaded;
}
