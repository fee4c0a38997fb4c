import sharp from 'sharp';
import type { Task, TaskStatus } from '@draw/shared';
import type { TestApp } from '../../support/harness';
import type { FakeMjProxy, FakeTask } from './server';

type Session = Awaited<ReturnType<TestApp['signIn']>>;

/**
 * What the engine tests do through our HTTP API against an app on a fake upstream: submit, wait
 * for a task, find the fake's task for one of ours, upload pictures and masks. `env` gives the app, its
 * origin and the fake of the running suite.
 */
export function upstreamTestkit(env: () => { app: TestApp; origin: string; fake: FakeMjProxy }) {
  const call = (session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    env().app.http.inject({
      method,
      url,
      payload,
      headers: { ...(session?.auth ?? {}), 'accept-language': 'en-US' },
    });
  const data = async (p: ReturnType<typeof call>) => (await p).json().data;

  async function waitFor(
    session: Session,
    taskId: string,
    done: (t: Task) => boolean,
    timeoutMs = 15_000,
  ): Promise<Task> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const task = (await data(call(session, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
      if (done(task)) return task;
      if (Date.now() > deadline)
        throw new Error(`task ${taskId} is ${task.status} ${task.progress} (${task.failReason})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const finished = (session: Session, taskId: string, status: TaskStatus = 'SUCCESS') =>
    waitFor(
      session,
      taskId,
      (t) => t.status === status || ['SUCCESS', 'FAILURE', 'CANCEL'].includes(t.status),
    ).then((t) => {
      if (t.status !== status) throw new Error(`task ${taskId} ended ${t.status}: ${t.failReason}`);
      return t;
    });

  async function submit(session: Session, channelId: string, kind: string, body: object): Promise<string> {
    const res = (await call(session, 'POST', `/api/mj/submit/${kind}/${channelId}`, body)).json();
    if (!res.success) throw new Error(res.message);
    return res.data.taskId as string;
  }

  /** The fake's task for one of ours (we send our task id as `state`). */
  const upstreamOf = (taskId: string): FakeTask => {
    const task = [...env().fake.tasks.values()].find((t) => t.state === taskId);
    if (!task) throw new Error(`no upstream task for ${taskId}`);
    return task;
  };

  const imagineDone = async (
    session: Session,
    channelId: string,
    prompt = 'a red fox in snow',
  ): Promise<Task> => finished(session, await submit(session, channelId, 'imagine', { prompt }));

  async function upload(session: Session, files: Buffer[]): Promise<string[]> {
    const form = new FormData();
    files.forEach((f, i) =>
      form.append('file', new Blob([new Uint8Array(f)], { type: 'image/png' }), `${i}.png`),
    );
    const res = await fetch(`${env().origin}/api/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: session.auth.authorization },
    });
    const body = (await res.json()) as { data: { files: { id: string }[] } };
    return body.data.files.map((f) => f.id);
  }

  const png = (color: string, size = 64) =>
    sharp({ create: { width: size, height: size, channels: 3, background: color } })
      .png()
      .toBuffer();

  /** A Vary (Region) mask for a square image of `size`, selecting its middle, uploaded as the editor does: its upload id. */
  async function uploadMask(session: Session, size: number): Promise<string> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="black"/><rect x="${size / 4}" y="${size / 4}" width="${size / 2}" height="${size / 2}" fill="white"/></svg>`;
    const [id] = await upload(session, [
      await sharp(Buffer.from(svg)).greyscale().png({ palette: true, colours: 2 }).toBuffer(),
    ]);
    return id!;
  }

  async function channel(session: Session): Promise<string> {
    const { id } = await data(call(session, 'POST', '/api/draw/channel', { title: 'mj', isBan: false }));
    return id as string;
  }

  return { call, data, waitFor, finished, submit, upstreamOf, imagineDone, upload, uploadMask, png, channel };
}
