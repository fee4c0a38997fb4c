/**
 * "Use as reference": a result's picture handed to the open composer of its channel, which adds it
 * to its images as if the person had attached the file. The picture is read from our own file
 * store (a plain GET of a `/files/…` URL, not an API call).
 */
type Listener = (channelId: string, file: File) => void;
const listeners = new Set<Listener>();

export function onReferenceImage(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Resolves false when the picture could not be read, or no composer is open to take it. */
export async function sendReferenceToComposer(channelId: string, imageUrl: string): Promise<boolean> {
  if (listeners.size === 0) return false;
  try {
    const response = await fetch(imageUrl);
    if (!response.ok) return false;
    const type = response.headers.get('content-type')?.split(';')[0] || 'image/png';
    const name = imageUrl.split('/').pop()?.split('?')[0] || 'reference.png';
    const file = new File([await response.arrayBuffer()], name, { type });
    for (const listener of [...listeners]) listener(channelId, file);
    return true;
  } catch {
    return false;
  }
}
