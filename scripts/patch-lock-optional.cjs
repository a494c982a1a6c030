#!/usr/bin/env node
// The registry reachable from our build machines serves only the Linux builds of some optional
// platform packages, so `npm install` leaves the others out of package-lock.json and `npm ci`
// then refuses the lockfile. This adds a placeholder entry (with os/cpu taken from the package
// name, so npm skips it on this platform) for each optional dependency the lockfile lacks.
// Run it after any `npm install` that changes the lockfile.
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? key + '/' : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = OS.filter((o) => tokens.includes(o));
    const cpu = CPU.filter(
      (c) => tokens.includes(c) || (c === 'arm' && tokens.some((t) => t.startsWith('arm') && t !== 'arm64')),
    );
    lock.packages[top] = {
      version: String(range).replace(/^[^\d]*/, ''),
      optional: true,
      os: os.length ? os : ['none'],
      cpu: cpu.length ? cpu : ['none'],
    };
    added++;
  }
}
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`patch-lock-optional: added ${added} placeholder entries`);
