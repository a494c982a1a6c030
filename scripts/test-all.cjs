#!/usr/bin/env node
// Runs `npm run lint` (eslint and prettier --check) first, then the whole jest suite on SQLite and,
// when TEST_DATABASE_URL names a MySQL/MariaDB server, once more against it (each test file creates
// and drops a database of its own there). A lint failure fails the run (counted as one failure),
// but the suites still run, so that one run reports both.
// Ends with one plain summary line over all runs: "N passed, N failed, N skipped".
// The files run one after another (they share the database server) in one worker process that jest replaces
// once its heap passes workerIdleMemoryLimit (jest.config.js).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const jest = require.resolve('jest/bin/jest');
const extra = process.argv.slice(2);
const runs = [{ label: 'SQLite', env: { ...process.env, TEST_DATABASE_URL: '' } }];
if (process.env.TEST_DATABASE_URL)
  runs.push({ label: process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@'), env: process.env });

let failed = false;
const totals = { passed: 0, failed: 0, skipped: 0 };

console.log('=== lint ===');
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const lint = spawnSync(npm[0], [...npm.slice(1), 'run', '--silent', 'lint'], {
  stdio: 'inherit',
  cwd: path.join(__dirname, '..'),
});
const lintFailed = lint.status !== 0;
if (lintFailed) {
  failed = true;
  totals.failed += 1;
}
for (const [i, run] of runs.entries()) {
  console.log(`\n=== tests on ${run.label} ===`);
  const report = path.join(os.tmpdir(), `jest-report-${process.pid}-${i}.json`);
  const result = spawnSync(process.execPath, [jest, '--maxWorkers=1', '--json', '--outputFile', report, ...extra], {
    stdio: 'inherit',
    env: run.env,
  });
  if (result.status !== 0) failed = true;
  try {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += r.numPendingTests + r.numTodoTests;
    fs.rmSync(report, { force: true });
  } catch {
    failed = true;
    totals.failed += 1;
  }
}
if (lintFailed) console.log('\nlint failed (see "=== lint ===" above): counted as 1 failed');
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
