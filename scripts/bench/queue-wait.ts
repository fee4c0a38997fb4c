import fs from 'node:fs';
import type { Task } from '@draw/shared';
import { injectorFor, startTestApp, type TestApp } from '../../server/test/support/harness';

/**
 * `node --import tsx scripts/bench/queue-wait.ts`: how long one person's picture takes behind
 * another person's 30 (issue #36), with the built-in engine at its default pace and three tasks at
 * once. Prints a picture alone, then the one submitted right after the 30 (submit to SUCCESS, by
 * the server's own clock). Not part of `npm run bench`: it measures the queue's order, not speed.
 */
const CONCURRENCY = '3';
const STEP_MS = '800';
const BEHIND = 30;

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const app = await startTestApp({
  ENGINE_CONCURRENCY: CONCURRENCY,
  BUILTIN_ENGINE_STEP_MS: STEP_MS,
  FREE_DAILY_CREDITS: '1000',
});
const { call, data } = injectorFor(() => app);

async function imagine(session: Session, channelId: string, prompt: string): Promise<string> {
  const answer = (await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt })).json();
  if (!answer.success) throw new Error(answer.message);
  return answer.data.taskId as string;
}

async function finished(session: Session, taskId: string): Promise<Task> {
  for (;;) {
    const task = (await data(call(session, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
    if (task.status === 'SUCCESS' || task.status === 'FAILURE' || task.status === 'CANCEL') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const seconds = (task: Task) =>
  `${((task.finishTime! - task.submitTime) / 1000).toFixed(1)} s (${task.status})`;

try {
  const ann = await app.signIn();
  const bob = await app.signIn();
  const { id: channelId } = await data(
    call(ann, 'POST', '/api/draw/channel', { title: 'queue', isBan: false }),
  );
  const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${channelId}`, {}));
  await data(call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`));

  const alone = await finished(bob, await imagine(bob, channelId, 'a lighthouse at dusk'));
  console.log(`a picture alone: ${seconds(alone)}`);

  for (let i = 1; i <= BEHIND; i++) await imagine(ann, channelId, `a harbour, study ${i}`);
  const behind = await finished(bob, await imagine(bob, channelId, 'a lighthouse at dawn'));
  const annDone = (await app.services.tasks.countsFor(ann.user.id)).queued;
  console.log(
    `a picture behind another person's ${BEHIND}: ${seconds(behind)} (${BEHIND - annDone} of theirs started by then)`,
  );
} finally {
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
