import { byteSize } from '../../src/config/byte-size';
import { loadConfig } from '../../src/config/app-config';

describe('limit configuration', () => {
  it('reads sizes in bytes or with a unit of 1024', () => {
    expect(byteSize('X', '2048', 0)).toBe(2048);
    expect(byteSize('X', '512kb', 0)).toBe(512 * 1024);
    expect(byteSize('X', '10MB', 0)).toBe(10 * 1024 ** 2);
    expect(byteSize('X', '1.5gb', 0)).toBe(1.5 * 1024 ** 3);
    expect(byteSize('X', ' ', 7)).toBe(7);
    expect(() => byteSize('MAX_BODY', '10 megabytes', 0)).toThrow(
      "MAX_BODY must be a size such as 1048576, 512kb or 10mb (got '10 megabytes')",
    );
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.maxBody).toBe(1024 ** 2);
    expect(config.maxVariablesBody).toBe(10 * 1024 ** 2);
    expect(config.maxDeploymentFile).toBe(50 * 1024 ** 2);
    expect(config.queryMaxResultsLimit).toBeNull();
  });

  it('reads QUERY_MAX_RESULTS and refuses what is not a limit', () => {
    expect(loadConfig({ QUERY_MAX_RESULTS: '500' }).queryMaxResultsLimit).toBe(500); // deliberate 500: a number, no HTTP status
    expect(loadConfig({ QUERY_MAX_RESULTS: 'unlimited' }).queryMaxResultsLimit).toBeNull();
    expect(() => loadConfig({ QUERY_MAX_RESULTS: 'lots' })).toThrow(/QUERY_MAX_RESULTS must be a whole number/);
    expect(() => loadConfig({ QUERY_MAX_RESULTS: '-1' })).toThrow(/QUERY_MAX_RESULTS must be a whole number/);
  });
});
