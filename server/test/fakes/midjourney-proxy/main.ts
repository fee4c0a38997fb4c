import { FakeLine, startFakeMjProxy } from './server';

/**
 * Runs the fake midjourney-proxy on its own for local development:
 *   node --import tsx server/test/fakes/midjourney-proxy/main.ts [port] [secret] [csharp|java]
 * then start the server with IMAGE_ENGINE=midjourney-proxy MJ_PROXY_URL=http://127.0.0.1:<port>.
 */
const port = Number(process.argv[2] ?? 8089);
const secret = process.argv[3] ?? '';
const line = process.argv[4] === FakeLine.Java ? FakeLine.Java : FakeLine.CSharp;
const fake = await startFakeMjProxy({ port, secret, line, behaviour: { stepMs: 1500 } });
console.log(
  `fake midjourney-proxy (${line} line) on ${fake.origin}${secret ? ' (mj-api-secret required)' : ''}`,
);
