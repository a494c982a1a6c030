import { nextWindowStart, parseCleanupWindow } from '../../../src/engine/batch/history-cleanup';

describe('history cleanup window', () => {
  const at = (iso: string) => new Date(iso);

  it('is now inside the window and the next start outside it, also across midnight', () => {
    const night = parseCleanupWindow('22:00-06:00')!;
    expect(nextWindowStart(night, at('2026-03-01T23:30:00Z'))).toEqual(at('2026-03-01T23:30:00Z'));
    expect(nextWindowStart(night, at('2026-03-01T05:59:00Z'))).toEqual(at('2026-03-01T05:59:00Z'));
    expect(nextWindowStart(night, at('2026-03-01T06:00:00Z'))).toEqual(at('2026-03-01T22:00:00Z'));
    const day = parseCleanupWindow('01:30-02:00')!;
    expect(nextWindowStart(day, at('2026-03-01T03:00:00Z'))).toEqual(at('2026-03-02T01:30:00Z'));
    expect(nextWindowStart(day, at('2026-03-01T00:10:00Z'))).toEqual(at('2026-03-01T01:30:00Z'));
  });

  it('is off without a window and refuses one it cannot read', () => {
    expect(parseCleanupWindow(null)).toBeNull();
    expect(() => parseCleanupWindow('tonight')).toThrow("HISTORY_CLEANUP_WINDOW must be HH:mm-HH:mm (got 'tonight')");
  });
});
