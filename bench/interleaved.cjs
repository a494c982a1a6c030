// A workload measured in slices that alternate with slices of the GET /engine ceiling, on the same server.
//
// On a shared 2-core VM the machine's speed moves by 15-30 % (at times by half) within seconds: consecutive
// 4-second GET /engine runs on a warm server gave 1,632-3,248 req/s, and a ceiling measured once before a
// workload came from a faster or slower stretch than the workload itself (measured before and after one
// workload: 3,534 and 2,413 req/s). One-second slices of each in turn put both figures under the same
// conditions: the ratio is the workload's operations over all its slices per second divided by the ceiling's
// requests over all its slices per second, and every round's own ratio shows how far a single slice would
// have been off.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib.cjs');
const { wrkRun, hasWrk, load, request, processCpuMs, percentiles, WARMUP_SECONDS } = lib;

/**
 * Warm-up of GET /engine on a server where it was warmed up for an earlier measurement: enough for V8 to settle
 * again whatever the workload in between deoptimised in the code both share.
 */
const REWARM_SECONDS = 2;
/** Length of each slice, workload and ceiling alike. */
const SLICE_SECONDS = 1;
/** Longest wait, after a workload slice, for its requests in flight to finish before the ceiling runs. */
const DRAIN_TIMEOUT_MS = 5000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Monotonic microseconds: the clock of V8's CPU profiles (`startTime`, `endTime`). */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * With BENCH_CPU_PROFILE=<folder>, the measured workload slices of each server go to <folder>/slices-<pid>.json
 * ([from, to] in monotonic µs), so that bench/profile-summary.cjs counts the workload's samples only, not its
 * warm-up or the GET /engine slices between.
 */
function recordSlice(server, from, to) {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return;
  const file = path.join(path.resolve(dir), `slices-${server.pid}.json`);
  const slices = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  slices.push([from, to]);
  fs.writeFileSync(file, JSON.stringify(slices));
}

/** GET /engine for `seconds`, from wrk (or Node without it): { count, seconds }. */
async function ceilingSlice(server, seconds, concurrency) {
  if (hasWrk()) return wrkRun(`${server.base}/engine`, { concurrency, seconds });
  const r = await load(async () => (await request('GET', `${server.base}/engine`)).status === 200, {
    concurrency,
    seconds,
    warmup: 0,
  });
  return { count: r.count, seconds };
}

/**
 * The figures common to every interleaved measurement: `ceiling` (GET /engine req/s over its slices),
 * `ratioRange` ([lowest, highest] of the rounds' own ratios; `ops` per round counts the workload's operations),
 * `cpuMs` (the server's CPU time within the workload slices, all threads, per operation).
 */
function summary(rounds) {
  const sum = (f) => rounds.reduce((s, r) => s + f(r), 0);
  const ops = sum((r) => r.ops);
  const ceiling = sum((r) => r.ceiling.count) / sum((r) => r.ceiling.seconds);
  const ratios = rounds.map((r) => r.ops / r.seconds / (r.ceiling.count / r.ceiling.seconds));
  return {
    seconds: sum((r) => r.seconds),
    ops,
    ceiling,
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    cpuMs: sum((r) => r.cpuMs) / ops,
  };
}

/**
 * A window for a workload driven from Node: `warmup` seconds of workload, then `seconds` rounds of one workload
 * slice (measured) and one ceiling slice, during which the workload waits. The ceiling is warmed up before the window
 * opens (`ceilingWarmup` seconds: a server whose GET /engine was warmed up before needs less, see
 * REWARM_SECONDS). Every request of the workload goes through `run(fn)`, which waits while the ceiling is measured and
 * answers `{ value, round }`: `round` is the measured round the request was sent in (null outside the measured
 * slices), so its result counts there (`round.ops++` for the operation the ratio is about). `idle` requests
 * (long polls that wait at the server without work) are not waited for before a ceiling slice.
 */
async function interleavedWindow(
  server,
  { seconds, warmup = WARMUP_SECONDS, ceilingWarmup = WARMUP_SECONDS, concurrency = 16 },
) {
  await ceilingSlice(server, ceilingWarmup, concurrency);
  const rounds = [];
  let state = 'warmup'; // warmup | measuring | draining | ceiling | over
  let current = null;
  let inflight = 0;
  let drained = null;
  let gate = null;
  let reopen = null;
  let pausedMs = 0;
  let pausedAt = null;
  const close = () => {
    pausedAt = performance.now();
    gate = new Promise((resolve) => (reopen = resolve));
  };
  const open = () => {
    if (pausedAt !== null) pausedMs += performance.now() - pausedAt;
    pausedAt = null;
    gate = null;
    reopen?.();
  };
  const driver = (async () => {
    await sleep(warmup * 1000);
    const count = Math.max(1, Math.round(seconds / SLICE_SECONDS));
    for (let i = 0; i < count; i++) {
      current = { ops: 0, seconds: 0, cpuMs: 0 };
      const cpuFrom = processCpuMs(server.pid);
      const sliceFrom = nowUs();
      const from = performance.now();
      state = 'measuring';
      await sleep(SLICE_SECONDS * 1000);
      state = 'draining';
      current.seconds = (performance.now() - from) / 1000;
      close();
      if (inflight > 0) await Promise.race([new Promise((resolve) => (drained = resolve)), sleep(DRAIN_TIMEOUT_MS)]);
      current.cpuMs = processCpuMs(server.pid) - cpuFrom;
      recordSlice(server, sliceFrom, nowUs());
      state = 'ceiling';
      current.ceiling = await ceilingSlice(server, SLICE_SECONDS, concurrency);
      rounds.push(current);
      if (i < count - 1) open();
    }
    state = 'over';
    open();
  })();
  return {
    /** Whether the window still wants load (false once the last round is done). */
    running: () => state !== 'over',
    async run(fn, { idle = false } = {}) {
      while (gate) await gate;
      const round = state === 'measuring' ? current : null;
      if (idle) return { value: await fn(), round };
      inflight++;
      try {
        return { value: await fn(), round };
      } finally {
        if (--inflight === 0) drained?.();
      }
    },
    /**
     * Milliseconds the workload has been held so far (drains and ceiling slices): a latency that spans slices,
     * such as an instance's from start to end, leaves out what passed in between.
     */
    pausedMs: () => pausedMs + (pausedAt === null ? 0 : performance.now() - pausedAt),
    /** Resolves once the last round is done; then `summary()` holds the figures. */
    done: driver,
    summary: () => summary(rounds),
  };
}

/**
 * A workload of fixed requests from wrk, interleaved with the ceiling: both warmed up, then `seconds` rounds of
 * one slice each. Latency: wrk reports percentiles per run, so p50 is the median of the slices' p50 and p99 the
 * highest slice p99. `fallback` is the Node request without wrk.
 */
async function interleavedWrk(server, url, { seconds, concurrency = 16, lua = '' }, fallback) {
  const workloadSlice = async (secs) => {
    if (hasWrk()) return wrkRun(url, { concurrency, seconds: secs, lua });
    const r = await load(fallback, { concurrency, seconds: secs, warmup: 0 });
    return { count: r.count, seconds: secs, p50: r.p50, p99: r.p99, errors: r.errors };
  };
  await ceilingSlice(server, WARMUP_SECONDS, concurrency);
  await workloadSlice(WARMUP_SECONDS);
  const rounds = [];
  let errors = 0;
  const count = Math.max(1, Math.round(seconds / SLICE_SECONDS));
  for (let i = 0; i < count; i++) {
    const cpuFrom = processCpuMs(server.pid);
    const sliceFrom = nowUs();
    const w = await workloadSlice(SLICE_SECONDS);
    recordSlice(server, sliceFrom, nowUs());
    const cpuMs = processCpuMs(server.pid) - cpuFrom;
    errors += w.errors;
    rounds.push({
      ops: w.count,
      seconds: w.seconds,
      cpuMs,
      p50: w.p50,
      p99: w.p99,
      ceiling: await ceilingSlice(server, SLICE_SECONDS, concurrency),
    });
  }
  const s = summary(rounds);
  return {
    ...s,
    rate: s.ops / s.seconds,
    errors,
    latency: { p50: percentiles(rounds.map((r) => r.p50)).p50, p99: Math.max(...rounds.map((r) => r.p99)) },
  };
}

module.exports = { interleavedWindow, interleavedWrk, SLICE_SECONDS, REWARM_SECONDS };
