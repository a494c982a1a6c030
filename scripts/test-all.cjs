#!/usr/bin/env node
// Runs the whole jest suite on SQLite and then, when TEST_DATABASE_URL names a MySQL/MariaDB
// server, once more against it (each test file creates and drops a database of its own there).
const { spawnSync } = require('node:child_process');

const jest = require.resolve('jest/bin/jest');
const extra = process.argv.slice(2);
const runs = [{ label: 'SQLite', env: { ...process.env, TEST_DATABASE_URL: '' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ label: process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@'), env: process.env });

let failed = false;
for (const run of runs) {
  console.log(`\n=== tests on ${run.label} ===`);
  const result = spawnSync(process.execPath, [jest, '--runInBand', ...extra], { stdio: 'inherit', env: run.env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
