import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import type { AppConfig } from '../../src/common/app-config';
import { loadConfig } from '../../src/config/app-config';
import { ProcessEngine } from '../../src/engine/process-engine';

/**
 * Boots the real application for an e2e test file: SQLite in memory by default, or a fresh
 * database of its own on the server named by TEST_DATABASE_URL (e.g. mysql://root@127.0.0.1:3306/test),
 * dropped again when the file is done.
 */
export interface TestApp {
  app: INestApplication;
  engine: ProcessEngine;
  config: AppConfig;
  /** supertest against the app, as the admin user (demo:demo). */
  api: () => ReturnType<typeof request>;
  /** Request helpers with other credentials (or none). */
  as: (user: string | null, password?: string) => AuthedRequest;
  close: () => Promise<void>;
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'options';
export type AuthedRequest = Record<Method, (path: string) => request.Test>;

export const BASE = '/engine-rest';

export async function freshMysqlDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const mysql = await import('mysql2/promise');
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = `t_${randomBytes(6).toString('hex')}`;
  const connect = () =>
    mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    });
  const admin = await connect();
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = await connect();
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** SQLite in memory, or a fresh database on the TEST_DATABASE_URL server (dropped by `drop`). */
export async function freshTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return process.env.TEST_DATABASE_URL
    ? freshMysqlDatabase(process.env.TEST_DATABASE_URL)
    : { url: 'sqlite::memory:', drop: async () => {} };
}

/**
 * The database the tests run on. Tests compare with it to run or skip what only one database does, so it is a union:
 * a comparison with any other spelling does not compile (it used to skip tests silently).
 */
export type TestDatabase = 'sqlite' | 'mysql';

export function databaseLabel(): TestDatabase {
  return process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite';
}

/**
 * For files whose wrong passwords are not about login throttling: a failed check still counts, but the next one is
 * not delayed (Camunda's 3 s after the first failure would turn the file's following requests into 401s).
 */
export const NO_LOGIN_DELAY: Partial<AppConfig> = { loginDelayBase: 0 };

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { url: databaseUrl, drop } = await freshTestDatabase();
  const config = loadConfig({}, { databaseUrl, adminUser: 'demo', adminPassword: 'demo', ...overrides });
  const app = await createApp(config, ['error']);
  await app.init();
  const server = app.getHttpServer();
  const as = (user: string | null, password = user ?? ''): AuthedRequest => {
    const wrap = (method: Method) => (path: string) => {
      const r = request(server)[method](path.startsWith('/') && !path.startsWith(BASE) ? BASE + path : path);
      return user === null ? r : r.auth(user, password);
    };
    return { get: wrap('get'), post: wrap('post'), put: wrap('put'), delete: wrap('delete'), options: wrap('options') };
  };
  return {
    app,
    engine: app.get(ProcessEngine),
    config,
    api: () => request(server),
    as,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
