/**
 * Vitest setup (root config): unit and component tests run as a Chinese browser, the spec's
 * default language, as the browser suite's contexts do (locale zh-CN). Without it jsdom reports
 * en-US and a first visit would follow it (see i18n/detect.ts). Tests that need another browser
 * language spy on `navigator.languages`.
 */
if (typeof navigator !== 'undefined') {
  Object.defineProperty(navigator, 'languages', {
    configurable: true,
    get: (): readonly string[] => ['zh-CN'],
  });
}

// The development check of answers against the route table (lib/http.ts) loads by a dynamic
// import; loaded here, it runs synchronously in every test, as timing-sensitive tests need.
await import('../lib/answerCheck');

export {};
