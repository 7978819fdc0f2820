import { describe, expect, it } from 'vitest';
import {
  agoInWords,
  backupIsLate,
  bytesInWords,
  certificateEndsSoon,
  diskIsFull,
  durationInWords,
  messagesAreLate,
  problemDetail,
  waitingCountInWords,
} from './system-health';

describe("the system's figures in plain words", () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [15 * 60 + 59, '15 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [47 * 3600 + 3599, '47 hours ago'],
    [48 * 3600, '2 days ago'],
    [10 * 86_400, '10 days ago'],
  ])('%i seconds: %s', (seconds, words) => {
    expect(agoInWords(seconds)).toBe(words);
  });

  it('says lengths of time and sizes as a person would', () => {
    expect(durationInWords(1)).toBe('1 second');
    expect(durationInWords(3600)).toBe('1 hour');
    expect(durationInWords(26 * 3600)).toBe('26 hours');
    expect(bytesInWords(999)).toBe('999 bytes');
    expect(bytesInWords(1_500)).toBe('1.5 kB');
    expect(bytesInWords(45_200_000)).toBe('45 MB');
    expect(bytesInWords(78_000_000_000)).toBe('78 GB');
    expect(waitingCountInWords(0, 0)).toBe('no emails or texts');
    expect(waitingCountInWords(1, 0)).toBe('1 email');
    expect(waitingCountInWords(0, 2)).toBe('2 texts');
    expect(waitingCountInWords(2, 1)).toBe('2 emails and 1 text');
  });

  it('words each problem as the email and the banner say it', () => {
    expect(problemDetail.backupLate(30 * 3600)).toBe('The last backup was 30 hours ago.');
    expect(problemDetail.backupNone(27 * 3600)).toBe(
      'No backup has run in the 27 hours since the app first looked for one.',
    );
    expect(problemDetail.messages(1, 0, 20 * 60)).toBe('1 email is waiting to go; the oldest has waited 20 minutes.');
    expect(problemDetail.messages(2, 1, 16 * 60)).toBe(
      '2 emails and 1 text are waiting to go; the oldest has waited 16 minutes.',
    );
    expect(problemDetail.disk('/var/lib/tyre-booking', 93.4, 2_100_000_000)).toBe(
      'The disk that holds /var/lib/tyre-booking is 93% full (2.1 GB free).',
    );
  });
});

describe('the limits past which a figure is a problem', () => {
  it('a backup over 26 hours, a message over 15 minutes, a disk over 90%, a certificate within 14 days', () => {
    expect(backupIsLate(26 * 3600)).toBe(false);
    expect(backupIsLate(26 * 3600 + 1)).toBe(true);
    expect(messagesAreLate(null)).toBe(false);
    expect(messagesAreLate(15 * 60)).toBe(false);
    expect(messagesAreLate(15 * 60 + 1)).toBe(true);
    expect(diskIsFull(90)).toBe(false);
    expect(diskIsFull(90.1)).toBe(true);
    expect(certificateEndsSoon(14)).toBe(false);
    expect(certificateEndsSoon(13)).toBe(true);
  });
});
