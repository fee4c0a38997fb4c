/** The fake midjourney-proxy, for system tests outside the server package (browser tests). */
export {
  startFakeMjProxy,
  type FakeBehaviour,
  type FakeMjProxy,
} from '../../server/test/fakes/midjourney-proxy/server';
