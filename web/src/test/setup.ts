/**
 * Vitest setup (root config). Unit and component tests run as a Chinese browser, the spec's
 * default language, as the browser suite's contexts do (locale zh-CN). Without it jsdom reports
 * en-US and a first visit would follow it (see i18n/detect.ts). Tests that need another browser
 * language spy on `navigator.languages`. Component tests' async queries wait up to 5 s (below).
 */
if (typeof navigator !== 'undefined') {
  Object.defineProperty(navigator, 'languages', {
    configurable: true,
    get: (): readonly string[] => ['zh-CN'],
  });
}

// findBy… and waitFor give up after a second by default: enough on an idle machine, not on a busy
// two-core one running several suites at once. They still return as soon as what they wait for holds.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

// The development check of answers against the route table (lib/http.ts) loads by a dynamic
// import; loaded here, it runs synchronously in every test, as timing-sensitive tests need.
await import('../lib/answerCheck');

export {};
