import { randomUUID } from 'node:crypto';
import { type CoreDeps, resolveSession, roleAllows, type WorkspaceRole } from '@prospector/core';
import { userSessions, workspaceMembers } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSessionGuard } from '../plugins/session-cookie';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createClient, signUp, type TestClient } from '../testing/test-client';
import { requiredRole } from './route-roles';

/** Every route requireSession guards, as `METHOD url` with the router's `:param`s. */
interface GuardedRoute {
  method: string;
  url: string;
}

const ROLES = ['viewer', 'member', 'admin'] as const satisfies readonly WorkspaceRole[];

const guarded: GuardedRoute[] = [];
const unguarded: string[] = [];

/**
 * The app's routes under /api that need no session, or look the session up themselves: signing in and out,
 * public settings, the OAuth returns (which check the role in core), stopping an import (only the session
 * that began it can) and the tracking domains' check. The public API (/api/v1) signs in with a key.
 */
const WITHOUT_SESSION_GUARD = [
  'DELETE /api/personas/:id/import-csv/:uploadId',
  'GET /api/auth/google/callback',
  'GET /api/health',
  'GET /api/invitations/:token',
  'GET /api/microsoft/callback',
  'GET /api/public-config',
  'GET /api/tracking-domains/allowed',
  'POST /api/auth/forgot-password',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/register',
  'POST /api/auth/reset-password',
];
let env: TestApp;
const people = new Map<WorkspaceRole, TestClient>();

function collect(route: RouteOptions) {
  const hooks = [route.preHandler ?? []].flat();
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  if (hooks.some(isSessionGuard)) for (const method of methods) guarded.push({ method, url: route.url });
  else if (route.url.startsWith('/api/') && !route.url.startsWith('/api/v1/'))
    for (const method of methods) unguarded.push(`${method} ${route.url}`);
}

beforeAll(async () => {
  env = await createTestApp({ onRoute: collect });
  // A person's first workspace has the person's id.
  const workspaceId = (await signUp(createClient(env.app))).user.id;
  for (const role of ROLES) {
    const client = createClient(env.app);
    const { user } = await signUp(client);
    await env.database.db.insert(workspaceMembers).values({ workspaceId, userId: user.id, role });
    await env.database.db
      .update(userSessions)
      .set({ sess: sql`${userSessions.sess} || jsonb_build_object('workspaceId', ${workspaceId}::text)` })
      .where(eq(userSessions.userId, user.id));
    people.set(role, client);
  }
});
afterAll(() => env?.close());

const identityOf = (role: WorkspaceRole) =>
  resolveSession({ db: env.database.db, clock: env.clock } as CoreDeps, people.get(role)!.sid);

/** The route's path with every parameter a fresh uuid: a record nobody has. */
const concrete = (url: string) => url.replace(/:\w+/g, () => randomUUID());

describe('every route behind a session asks for its role in the session’s workspace', () => {
  it('finds the guarded routes, and no route asks more than an admin', () => {
    expect(guarded.length).toBeGreaterThan(150);
    for (const route of guarded)
      expect(requiredRole(route.method, route.url), `${route.method} ${route.url}`).not.toBe('owner');
  });

  it('leaves no other route under /api without the session guard', () => {
    expect(unguarded.sort()).toEqual(WITHOUT_SESSION_GUARD);
  });

  it('each session works in the shared workspace with its role', async () => {
    for (const role of ROLES) expect((await identityOf(role))?.role).toBe(role);
  });

  it.each(ROLES)(
    'the %s role is refused, with the role needed, exactly where the route needs more',
    async (role) => {
      const client = people.get(role)!;
      const wrong: string[] = [];
      let refused = 0;
      for (const route of guarded) {
        const needed = requiredRole(route.method, route.url);
        if (needed === null) continue;
        const response = await client.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const body = String(response.headers['content-type']).includes('json') ? response.json() : {};
        const refusedForRole = response.statusCode === 403 && body.requiredRole !== undefined;
        const name = `${route.method} ${route.url}`;
        if (roleAllows(role, needed)) {
          if (refusedForRole) wrong.push(`${name}: refused though ${needed} is enough`);
          if (response.statusCode === 401) wrong.push(`${name}: the session was lost`);
        } else {
          refused++;
          const expected = { code: 'FORBIDDEN', requiredRole: needed, role };
          if (response.statusCode !== 403 || body.code !== 'FORBIDDEN' || body.requiredRole !== needed)
            wrong.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          else expect(body).toMatchObject(expected);
        }
      }
      expect(wrong).toEqual([]);
      if (role !== 'admin') expect(refused).toBeGreaterThan(10);
      // Nothing the walk did signed the person out or moved them elsewhere.
      expect((await identityOf(role))?.role).toBe(role);
    },
  );
});
