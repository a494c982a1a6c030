import { loadConfig } from '../../src/config/app-config';

describe('heap growth configuration', () => {
  it('lets the heap grow half its live size by default and reads HEAP_GROWING_PERCENT', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: ' 100 ' }).heapGrowingPercent).toBe(100);
  });

  it('refuses what is not a percentage', () => {
    for (const value of ['-1', '1.5', 'fast', '1001']) {
      expect(() => loadConfig({ HEAP_GROWING_PERCENT: value })).toThrow(
        `HEAP_GROWING_PERCENT must be a whole number from 0 to 1000 (got '${value}')`,
      );
    }
  });
});
