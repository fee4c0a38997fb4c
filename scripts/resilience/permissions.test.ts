import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, startTestApp, type TestApp } from '../../server/test/support/harness';
import {
  CLOCK_JUMP_MS,
  Roles,
  Scene,
  accountsForReset,
  buildSkeleton,
  type Role,
  type Skeleton,
} from './support/permissions-scene';
import { API_ROUTES, routeKey } from '@draw/shared/routes';
import { OVERRIDES, caseKey } from './support/permissions-expect';
import { cellName, rows, runCell, type Cell } from './support/permissions-table';

/**
 * Permissions: every route of the route table and every socket event against every role. What
 * each role gets is generated from the route's `access` rule (`support/permissions-expect.ts`);
 * `support/permissions-table.ts` builds each row's request and checks its effect. Each cell is one
 * test named route × role → expected outcome; a route of the table without a row fails.
 * An allowed cell checks that the action really happened; a refused one checks the exact status
 * and reason, the envelope, and that nothing it could have changed did.
 *
 * The roles are built for real through the routes on one in-process app. Rows that would change
 * the scene for the others (delete, quit, join, a new invite, logout) get a scene of their own per
 * cell. Every scene's channels and short-lived invite are made first; then the app's clock jumps
 * past the invite's expiry once, before any task or order exists, so nothing else ages.
 */

// The app's clock: real time plus a jump, taken once (see above).
const clock = { offset: 0, now: () => Date.now() + clock.offset };

let app: TestApp;
let origin: string;
let shared: Scene;
const freshSkeletons = new Map<string, Skeleton>();
const prepared = new Map<string, Cell | Error>();
const keyOf = (rowIndex: number, role: Role) => `${rowIndex}:${role}`;
const freshScenes: Scene[] = [];

beforeAll(async () => {
  // Enough daily credits for every submit the table makes; the engine draws instantly.
  app = await startTestApp({ FREE_DAILY_CREDITS: '1000', BUILTIN_ENGINE_STEP_MS: '0' }, { now: clock.now });
  origin = await listen(app);

  const sharedSkeleton = await buildSkeleton(app);
  for (const [index, row] of rows.entries()) {
    if (!row.fresh) continue;
    for (const role of Roles) freshSkeletons.set(keyOf(index, role), await buildSkeleton(app));
  }
  const resetAccounts = await accountsForReset(app, Roles.length);
  clock.offset += CLOCK_JUMP_MS;

  shared = await Scene.build(app, origin, sharedSkeleton);
  shared.resetAccounts = resetAccounts;
  // Everything the shared cells need, made while every role still stands as before…
  for (const [index, row] of rows.entries()) {
    if (row.fresh) continue;
    for (const role of Roles) {
      prepared.set(
        keyOf(index, role),
        await row
          .prepare(shared, role)
          .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      );
    }
  }
  // …then one member is removed and the quiet room is muted.
  await shared.settle();
}, 120_000);

afterAll(async () => {
  shared?.close();
  for (const scene of freshScenes) scene.close();
  await app?.close();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
});

describe('permissions: every route and socket event × every role', () => {
  it('covers every route of the table and every role in every row, and builds the roles for real', async () => {
    for (const row of rows)
      expect(Object.keys(row.expect).sort(), `${row.route} ${row.variant ?? ''}`).toEqual([...Roles].sort());
    const covered = new Set(rows.flatMap((row) => (row.tableRoute ? [row.tableRoute] : [])));
    const uncovered = API_ROUTES.filter((route) => !covered.has(route)).map((route) =>
      routeKey(route.method, route.path),
    );
    expect(uncovered, 'routes of the table with no row: add one to support/permissions-table.ts').toEqual([]);
    // An override naming no row is left over from a row renamed or removed.
    const cases = new Set(rows.map((row) => caseKey(row.route, row.variant)));
    expect(
      Object.keys(OVERRIDES).filter((key) => !cases.has(key)),
      'overrides naming no row',
    ).toEqual([]);
    const tableRows = rows.filter((row) => row.tableRoute);
    console.info(
      `permissions: ${API_ROUTES.length} routes of the table in ${tableRows.length} rows × ${Roles.length} roles = ${tableRows.length * Roles.length} cells; ` +
        `${rows.length - tableRows.length} rows outside the table (health, files, sockets); ${rows.length * Roles.length} cells in all`,
    );
    // The expired invite was refused (checked while building) and left its user outside.
    const preview = await app.http.inject({ method: 'GET', url: `/api/login/channel/${shared.expiredCode}` });
    expect(preview.json().data).toMatchObject({ valid: false });
  });

  for (const [index, row] of rows.entries()) {
    for (const role of Roles) {
      it(cellName(row, role), async () => {
        if (!row.fresh) {
          const cell = prepared.get(keyOf(index, role));
          if (!cell) throw new Error('cell was not prepared');
          if (cell instanceof Error) throw cell;
          await runCell(row, role, cell);
          return;
        }
        const scene = await Scene.build(app, origin, freshSkeletons.get(keyOf(index, role))!);
        freshScenes.push(scene);
        const cell = await row.prepare(scene, role);
        await scene.settle();
        await runCell(row, role, cell);
        scene.close();
      });
    }
  }
});
