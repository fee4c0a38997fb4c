/**
 * File names for archive downloads, taken from the prompt so a folder of downloads reads like the
 * work it holds (`a-cat-in-the-rain-1a2b.png`), the same on the server (ZIP entries, the ZIP's own
 * name) and in the browser (the name the save dialog offers).
 */

/** Characters of a name taken from a prompt, at most (before the id suffix and extension). */
export const FILE_STEM_MAX_CHARS = 48;
const ID_SUFFIX_CHARS = 4;

/**
 * The prompt as a file-name stem: parameters (`--ar 16:9`) and links dropped, letters and digits
 * of any script kept (a Chinese prompt names its file in Chinese), everything else one `-`,
 * lower-cased, cut at a word boundary within `maxChars`. Empty when nothing is left.
 */
export function promptStem(prompt: string, maxChars = FILE_STEM_MAX_CHARS): string {
  const words = prompt
    .replace(/https?:\/\/\S+/gi, ' ')
    .replace(/\s--[a-z][\w-]*(\s+[^\s-][^\s]*)?/gi, ' ')
    .replace(/^--[a-z][\w-]*(\s+[^\s-][^\s]*)?/i, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let stem = '';
  for (const word of words) {
    const next = stem ? `${stem}-${word}` : word;
    if ([...next].length > maxChars) {
      if (!stem) stem = [...word].slice(0, maxChars).join('');
      break;
    }
    stem = next;
  }
  return stem;
}

export interface NamedFile {
  id: string;
  prompt: string;
  /** Without the dot: `png`, `webp`, `mp4`. */
  extension: string;
  /** When the prompt gives no stem (a blend without one): `blend`, `clip`… */
  fallback: string;
}

/** The end of an id that tells apart images of one prompt: its last characters, letters and digits only. */
const idSuffix = (id: string) =>
  id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-ID_SUFFIX_CHARS)
    .toLowerCase();

/**
 * One name per file, in order, unique even when prompts and id endings repeat (a counter then
 * follows); case-insensitively unique, as a Windows or macOS folder needs.
 */
export function archiveFileNames(files: readonly NamedFile[]): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const stem = [promptStem(file.prompt) || file.fallback, idSuffix(file.id)].filter(Boolean).join('-');
    let name = `${stem}.${file.extension}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}.${file.extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * The ZIP's own name from what it holds: the prompt when every image shares one
 * (`a-cat-in-the-rain.zip`), else the first prompt and how many others
 * (`a-cat-in-the-rain-and-11-more.zip`); `drawspace-archive-<day>.zip` when no prompt gives a name.
 */
export function archiveZipName(prompts: readonly string[], day: string): string {
  const stems = prompts.map((prompt) => promptStem(prompt, 32));
  const first = stems.find(Boolean);
  if (!first) return `drawspace-archive-${day}.zip`;
  const distinct = new Set(stems);
  return distinct.size === 1 ? `${first}.zip` : `${first}-and-${prompts.length - 1}-more.zip`;
}

/** A `Content-Disposition` value for any name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
