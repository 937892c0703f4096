import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/use-test-server.ts';
import { SITE_VERSION } from '../version.ts';
import { healthRoutes } from './health.routes.ts';

describe('GET /api/health', () => {
  const server = useTestServer();

  it('says ok when the database answers', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('names the release only to a request with the monitoring token (decision 0036)', async () => {
    const token = 'a'.repeat(40);
    const app = express().use(healthRoutes(server.database.pool, { metricsToken: token }));
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const health = (headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${port}/api/health`, { headers }).then((response) => response.json());
      expect(await health()).toEqual({ status: 'ok', database: 'ok' });
      expect(await health({ Authorization: `Bearer ${'b'.repeat(40)}` })).toEqual({ status: 'ok', database: 'ok' });
      expect(await health({ Authorization: `Bearer ${token}` })).toEqual({
        status: 'ok',
        database: 'ok',
        version: SITE_VERSION,
      });
      expect(SITE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    } finally {
      listener.close();
    }
  });

  it('answers 503 when the database cannot be reached', async () => {
    // A pool aimed at a port where no database listens: every query fails as when the server is down.
    const unreachable = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 500 });
    unreachable.on('error', () => {});
    const app = express().use(healthRoutes(unreachable));
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    listener.close();
    await unreachable.end();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  });

  it('says ready when the database, the migrations and the storage are, and not ready while draining', async () => {
    const response = await fetch(`${server.baseUrl}/api/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      storage: 'ok',
      shutdown: 'no',
    });
    const readiness = { draining: true };
    const app = express().use(healthRoutes(server.database.pool, { storage: server.services.storage, readiness }));
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as AddressInfo;
    const draining = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'not-ready', shutdown: 'draining' });
    // A database without this build's migrations is not ready either.
    await server.database.pool.query(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *',
    );
    readiness.draining = false;
    const pending = await fetch(`http://127.0.0.1:${port}/api/ready`);
    listener.close();
    expect(pending.status).toBe(503);
    expect(await pending.json()).toMatchObject({ migrations: 'pending' });
  });

  it('gives /version.json the id of the build being served, never cached', async () => {
    const response = await fetch(`${server.baseUrl}/version.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const { buildId } = (await response.json()) as { buildId: string };
    expect(buildId).toMatch(/^\d{8}T\d{6}-[a-z0-9]+$/);
  });

  it('answers an unknown API path with a 404 error code, not a page', async () => {
    const response = await fetch(`${server.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND' } });
  });
});
