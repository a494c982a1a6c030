#!/usr/bin/env node
// The top frames of a V8 CPU profile (a server started with BENCH_CPU_PROFILE=<folder>, or any
// `node --cpu-prof` output), by self time, and the same grouped by package or source folder.
//   node bench/profile-summary.cjs <file.cpuprofile> [--last 5] [--all] [--top 25]
// A benchmark server's profile counts only the samples taken within its measured workload slices, read from
// slices-<pid>.json beside the profile (bench/interleaved.cjs writes it): not the warm-ups, not the GET /engine
// slices in between. --all: every sample; --last N: only those of the last N seconds before the profile ended
// (with the slices too). Start-up (module loading) and idle time are left out; percentages are of the busy
// time that remains, garbage collection included.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function option(argv, name, fallback) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
}

/** Where a frame's code lives: `pkg` for node_modules/pkg, `src/engine/bpmn` for our own, `node:` or a VM name otherwise. */
function area(url, name) {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const own = /\/dist\/(src\/[^/]+(?:\/[^/]+)?)\//.exec(url) ?? /\/dist\/(src)\/[^/]+$/.exec(url);
  if (own) return own[1];
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/')[0];
  return url ? url : name;
}

function label(frame) {
  const file = frame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, '');
  return file ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}` : frame.functionName;
}

/** slices-<pid>.json beside a profile named by Node (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile). */
function slicesFile(file) {
  const m = /\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(file);
  return m ? path.join(path.dirname(file), `slices-${m[1]}.json`) : null;
}

/** The measured workload slices of the server that wrote `file`, or null when there is no such file. */
function workloadSlices(file) {
  const f = slicesFile(file);
  return f && fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null;
}

/** { busyMs, frames: [[label, ms]], areas: [[area, ms]] } of a profile object. */
function summarise(profile, { lastSeconds, slices = null } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const startup = new Set();
  const isStartup = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at)) {
      if (startup.has(at)) return true;
      if (nodes.get(at).callFrame.url === 'node:internal/main/run_main_module') {
        startup.add(at);
        return true;
      }
    }
    return false;
  };
  const from = lastSeconds ? profile.endTime - lastSeconds * 1e6 : -Infinity;
  const inSlices = (t) => !slices || slices.some(([a, b]) => t >= a && t <= b);
  const self = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (t < from || !inSlices(t)) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + next);
  }
  const frames = new Map();
  const areas = new Map();
  let busy = 0;
  for (const [id, us] of self) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(root)' || isStartup(id)) continue;
    busy += us;
    const k = label(frame);
    frames.set(k, (frames.get(k) ?? 0) + us);
    const a = area(frame.url, frame.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000]);
  return { busyMs: busy / 1000, frames: sorted(frames), areas: sorted(areas) };
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const file = argv.find((a) => a.endsWith('.cpuprofile'));
  if (!file) {
    console.error('usage: node bench/profile-summary.cjs <file.cpuprofile> [--last seconds] [--all] [--top n]');
    process.exit(2);
  }
  const top = option(argv, 'top', 25);
  const slices = argv.includes('--all') ? null : workloadSlices(file);
  const s = summarise(JSON.parse(fs.readFileSync(file, 'utf8')), { lastSeconds: option(argv, 'last', 0), slices });
  if (slices) console.log(`${slices.length} workload slices (${path.basename(slicesFile(file))})`);
  const pct = (ms) => `${((ms / s.busyMs) * 100).toFixed(1).padStart(5)} %`;
  console.log(`busy ${s.busyMs.toFixed(0)} ms (idle and start-up left out)\n\nself time by function:`);
  for (const [k, ms] of s.frames.slice(0, top)) console.log(`${pct(ms)}  ${k}`);
  console.log('\nself time by package / source folder:');
  for (const [k, ms] of s.areas.slice(0, top)) console.log(`${pct(ms)}  ${k}`);
}

module.exports = { summarise };
