/**
 * `Intl.DateTimeFormat` instances, one per locale and set of options: building one costs far more
 * than formatting with it (the locale data is resolved each time), and every message row formats
 * its time on each render (a cold channel page built about 150 of them before its messages showed).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
