/**
 * The baseline, in its own process: a plain Socket.IO server (same path and transport limits as
 * ours, no auth, no store) whose clients join their rooms with one message. It replays the exact
 * timetable of ours' progress callbacks as room broadcasts of payloads padded to the same JSON
 * length, stamping each emit call.
 */
import http from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '@draw/shared';
import { clockMs, cpuMsSince, settledMemory, sleep } from './clock';
import { serve } from './ipc';
import type { BareCommands, ReplayEmit, Stamp } from './protocol';

const server = http.createServer();
const io = new Server(server, {
  path: SOCKET_PATH,
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
  cors: { origin: false },
});
io.on('connection', (socket) => {
  socket.on('join', async (room: unknown, ack: unknown) => {
    if (typeof room !== 'string' || typeof ack !== 'function') return;
    await socket.join(room);
    ack(true);
  });
});

let seq = 0;

/** A task.updated-shaped event whose JSON is exactly `bytes` long (or minimal, if that is longer). */
function payloadOf(emit: ReplayEmit) {
  const [taskId, progress] = emit.key.split(' ');
  const event = {
    channelId: emit.room,
    seq: 0,
    type: 'task.updated',
    at: Date.now(),
    data: { id: taskId, progress, pad: '' },
  };
  event.data.pad = 'x'.repeat(Math.max(0, emit.bytes - JSON.stringify(event).length));
  return event;
}

async function replay(emits: ReplayEmit[]) {
  const ordered = [...emits].sort((a, b) => a.offsetMs - b.offsetMs);
  // Built before the clock starts: ours builds its event objects too, but stamping starts before that.
  const timetable = ordered.map((emit) => ({ emit, payload: payloadOf(emit) }));
  const stamps: Stamp[] = [];
  let maxLateMs = 0;
  const cpu = process.cpuUsage();
  const start = clockMs() + 50;
  for (const { emit, payload } of timetable) {
    const due = start + emit.offsetMs;
    if (due - clockMs() > 0.5) await sleep(due - clockMs());
    const at = clockMs();
    maxLateMs = Math.max(maxLateMs, at - due);
    payload.seq = ++seq;
    payload.at = Date.now();
    io.to(emit.room).emit('channel:event', payload);
    stamps.push({ key: emit.key, channelId: emit.room, at });
  }
  // One more turn of the event loop, so writes the emits left queued are counted in the round.
  await new Promise<void>((resolve) => setImmediate(resolve));
  return { stamps, maxLateMs, wallMs: clockMs() - start, cpuMs: cpuMsSince(cpu) };
}

serve<BareCommands>(
  {
    start: () =>
      new Promise((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          resolve({
            origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
          });
        });
      }),
    memory: () => settledMemory(),
    replay,
  },
  () => new Promise<void>((resolve) => io.close(() => resolve())),
);
