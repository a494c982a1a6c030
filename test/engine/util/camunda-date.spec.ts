import { formatDate, parseDate } from '../../../src/engine/util/camunda-date';

describe("Camunda's date format yyyy-MM-dd'T'HH:mm:ss.SSSZ", () => {
  it('writes UTC with milliseconds and an RFC 822 zone', () => {
    expect(formatDate(new Date('2026-11-21T20:40:26Z'))).toBe('2026-11-21T20:40:26.000+0000');
    expect(formatDate(new Date('2026-01-02T03:04:05.067Z'))).toBe('2026-01-02T03:04:05.067+0000');
    expect(formatDate(new Date(Date.UTC(2026, 0, 1) - 1))).toBe('2025-12-31T23:59:59.999+0000');
  });

  it('writes null for null, undefined and invalid dates', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate(undefined)).toBeNull();
    expect(formatDate(new Date('nonsense'))).toBeNull();
  });

  it('pads years below 1000 and reads them back as written', () => {
    const d = parseDate('0099-03-04T05:06:07.008+0000');
    expect(d?.getUTCFullYear()).toBe(99);
    expect(formatDate(d)).toBe('0099-03-04T05:06:07.008+0000');
  });

  it.each([
    ['2026-11-21T20:40:26.000+0000', '2026-11-21T20:40:26.000Z'],
    ['2013-01-23T14:42:45.000+0200', '2013-01-23T12:42:45.000Z'],
    ['2013-01-23T14:42:45.000-0130', '2013-01-23T16:12:45.000Z'],
    ['2013-01-23T14:42:45.000+02:00', '2013-01-23T12:42:45.000Z'],
    ['2013-01-23T14:42:45.123Z', '2013-01-23T14:42:45.123Z'],
    ['2013-01-23T14:42:45.5+0000', '2013-01-23T14:42:45.500Z'],
    ['2013-01-23T14:42:45', '2013-01-23T14:42:45.000Z'],
    ['2024-02-29T00:00:00.000+0000', '2024-02-29T00:00:00.000Z'],
    ['2026-01-01T00:30:00.000+0100', '2025-12-31T23:30:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    'yesterday',
    '',
    '2026-11-21',
    '2026-11-21 20:40:26.000+0000',
    '2026-11-21T20:40:26.000 0000',
    '2026-02-29T00:00:00.000+0000',
    '2026-04-31T00:00:00.000+0000',
    '2026-13-01T00:00:00.000+0000',
    '2026-01-01T24:00:00.000+0000',
    '2026-01-01T23:60:00.000+0000',
    '2026-01-01T23:59:60.000+0000',
    '"2026-01-01T00:00:00.000+0000"',
    '2026-01-01T00:00:00.0000+0000',
  ])('rejects %j', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('round-trips every millisecond it writes', () => {
    for (const ms of [0, 1, 999, 1_700_000_000_123, -1]) {
      const d = new Date(ms);
      expect(parseDate(formatDate(d)!)?.getTime()).toBe(ms);
    }
  });
});
