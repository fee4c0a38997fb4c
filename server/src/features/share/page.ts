import type { Language } from '@draw/shared';
import { sharePageText } from './messages';

/** What the public page shows: the image, its prompt and its author's name, nothing else. */
export interface SharedResult {
  prompt: string;
  authorName: string;
  width: number | null;
  height: number | null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML element's content or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** OG descriptions are cut by the apps that preview them; a prompt may be 4,000 characters. */
const DESCRIPTION_MAX = 200;
const shorten = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;

// The site's look without the app's bundle: its colours, light or dark as the device prefers.
const STYLE = `
:root{color-scheme:light dark;--bg:#f2f3f5;--card:#fff;--fg:#313338;--muted:#5c5e66;--border:#e1e2e4;--accent:#4752c4}
@media (prefers-color-scheme:dark){:root{--bg:#1e1f22;--card:#2b2d31;--fg:#dbdee1;--muted:#b5bac1;--border:#3f4147;--accent:#949cf7}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--fg);font:16px/1.5 "gg sans","Noto Sans","Helvetica Neue",Helvetica,Arial,"PingFang SC","Microsoft YaHei",sans-serif;display:flex;justify-content:center;align-items:flex-start;padding:24px 16px}
main{width:100%;max-width:880px;background:var(--card);border:1px solid var(--border);border-radius:12px;overflow:hidden;box-shadow:0 8px 24px rgb(0 0 0/.12)}
figure{margin:0;background:#111214;display:flex;justify-content:center}
img{display:block;max-width:100%;max-height:70vh;height:auto;object-fit:contain}
.text{padding:16px 20px 20px}
h1{font-size:1.125rem;margin:0 0 12px;color:var(--fg)}
h2{font-size:.75rem;margin:0 0 4px;text-transform:uppercase;letter-spacing:.02em;color:var(--muted)}
.prompt{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
footer{margin-top:16px;font-size:.8125rem;color:var(--muted)}
.gone{padding:40px 24px;text-align:center}
`;

function document(language: Language, title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${head}
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The public page of a shared result, every value escaped; `imageUrl` and `pageUrl` are absolute. */
export function sharePage(
  result: SharedResult,
  {
    language,
    siteName,
    pageUrl,
    imageUrl,
  }: { language: Language; siteName: string; pageUrl: string; imageUrl: string },
): string {
  const text = sharePageText[language];
  const title = fill(text.title, { name: result.authorName });
  const description = shorten(result.prompt);
  const size = result.width && result.height ? ` width="${result.width}" height="${result.height}"` : '';
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:alt', fill(text.imageAlt, { name: result.authorName })),
    ...(result.width && result.height
      ? [
          meta('property', 'og:image:width', String(result.width)),
          meta('property', 'og:image:height', String(result.height)),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'description', description),
  ].join('\n');
  const body = `<main>
<figure><img src="${escapeHtml(imageUrl)}" alt="${escapeHtml(fill(text.imageAlt, { name: result.authorName }))}"${size}></figure>
<div class="text">
<h1>${escapeHtml(title)}</h1>
<h2>${escapeHtml(text.prompt)}</h2>
<p class="prompt">${escapeHtml(result.prompt)}</p>
<footer>${escapeHtml(fill(text.madeWith, { site: siteName }))}</footer>
</div>
</main>`;
  return document(language, `${title} · ${siteName}`, head, body);
}

/** What a revoked or unknown link shows (answered with 404). */
export function goneSharePage(language: Language, siteName: string): string {
  const text = sharePageText[language];
  return document(
    language,
    `${text.notFoundTitle} · ${siteName}`,
    '',
    `<main class="gone"><h1>${escapeHtml(text.notFoundTitle)}</h1><p>${escapeHtml(text.notFound)}</p></main>`,
  );
}
