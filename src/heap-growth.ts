import { setFlagsFromString } from 'node:v8';

/**
 * V8 lets the old generation grow to up to four times what survived the last full collection before it
 * collects again. Under load the server's live heap is about 60-90 MB, so its RSS swung between 230 and
 * 390 MB without holding more. A factor of 1 + percent/100 collects sooner; it is not a cap: a request
 * that needs more memory still gets it, up to V8's usual limit. 0 keeps V8's own heuristic.
 * Only the standalone server sets it: a host that embeds the engine owns its process's flags.
 */
export function limitHeapGrowth(percent: number): void {
  // Read by V8 at each full collection (MemoryController), so setting it after start takes effect.
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
