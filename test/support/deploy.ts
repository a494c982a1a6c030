import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { TestApp } from './test-app';

export const FIXTURES = path.join(__dirname, '..', 'fixtures');

export function fixture(relative: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, relative));
}

export interface DeployFile {
  name: string;
  content: Buffer | string;
}

/** POST /deployment/create as multipart, like Camunda clients send it. */
export function deploy(
  t: TestApp,
  files: DeployFile[],
  fields: Record<string, string> = {},
  user = 'demo',
): request.Test {
  let req = t.as(user).post('/deployment/create');
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  for (const f of files)
    req = req.attach('data', Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content), f.name);
  return req;
}

export function deployFixture(t: TestApp, names: string[], fields: Record<string, string> = {}): request.Test {
  return deploy(
    t,
    names.map((n) => ({ name: path.basename(n), content: fixture(n) })),
    fields,
  );
}
