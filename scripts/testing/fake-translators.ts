/** The fake translation services, for system tests outside the server package (browser tests). */
export { startFakeBaidu, startFakeOpenAi, type FakeTranslator } from '../../server/test/fakes/translators';
