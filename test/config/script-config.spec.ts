import { loadConfig } from '../../src/config/app-config';

describe('script configuration', () => {
  it('defaults: scripts on, 1000 ms and 16 MB per evaluation, two workers', () => {
    expect(loadConfig({})).toMatchObject({
      scriptsEnabled: true,
      scriptTimeoutMs: 1000,
      scriptMemoryLimitMb: 16,
      scriptWorkers: 2,
    });
  });

  it('reads SCRIPTS_ENABLED, SCRIPT_TIMEOUT_MS, SCRIPT_MEMORY_LIMIT_MB and SCRIPT_WORKERS', () => {
    expect(
      loadConfig({
        SCRIPTS_ENABLED: 'false',
        SCRIPT_TIMEOUT_MS: '250',
        SCRIPT_MEMORY_LIMIT_MB: '32',
        SCRIPT_WORKERS: '4',
      }),
    ).toMatchObject({
      scriptsEnabled: false,
      scriptTimeoutMs: 250,
      scriptMemoryLimitMb: 32,
      scriptWorkers: 4,
    });
  });
});
