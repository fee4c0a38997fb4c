/**
 * True when JSON text nests objects/arrays deeper than `maxDepth`. One linear pass over the
 * characters, with no allocation, so a hostile body is refused before JSON.parse builds (and
 * validation walks) a deep tree. Brackets inside strings do not count; the text need not be valid
 * JSON (JSON.parse still judges that afterwards).
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}
