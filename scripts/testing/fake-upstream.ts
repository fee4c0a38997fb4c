/** The fake midjourney-proxy, for system tests outside the server package (browser tests). */
export {
  startFakeMjProxy,
  type FakeBehaviour,
  type FakeMjProxy,
} from '../../server/src/engines/midjourney-proxy/fake/server';
