import { startFakeMjProxy } from './server';

/**
 * Runs the fake midjourney-proxy on its own for local development:
 *   node --import tsx server/src/engines/midjourney-proxy/fake/main.ts [port] [secret]
 * then start the server with IMAGE_ENGINE=midjourney-proxy MJ_PROXY_URL=http://127.0.0.1:<port>.
 */
const port = Number(process.argv[2] ?? 8089);
const secret = process.argv[3] ?? '';
const fake = await startFakeMjProxy({ port, secret, behaviour: { stepMs: 1500 } });
console.log(`fake midjourney-proxy on ${fake.origin}${secret ? ' (mj-api-secret required)' : ''}`);
