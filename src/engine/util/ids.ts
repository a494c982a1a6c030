import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

// Random bytes drawn 4 KB at a time: one call into the CSPRNG per ~240 ids instead of one or two per id.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function pooledRandomBytes(size: number): Buffer {
  if (poolAt + size > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const out = Buffer.from(pool.subarray(poolAt, poolAt + size));
  poolAt += size;
  return out;
}

/**
 * Time-ordered UUIDs (version 7 layout): rows inserted later sort later by id, which gives a stable
 * tie-break for equal timestamps and keeps InnoDB primary-key inserts at the end of the index.
 */
export function newId(now = Date.now()): string {
  if (now <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs++;
    now = lastMs;
  } else {
    lastMs = now;
    sequence = pooledRandomBytes(2).readUInt16BE(0) & 0x3ff;
  }
  const bytes = pooledRandomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
