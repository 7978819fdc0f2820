import { describe, expect, it } from 'vitest';
import { JOB_MOVES, moveRulesOf, UNDO_WINDOW_MS, type LastJobLine } from './job-status';

/** The undo of Start Work and Complete Work, read from the one move table (decision 420). */
const rules = moveRulesOf(JOB_MOVES);
const at = new Date('2026-11-23T00:00:00Z');
const me = { id: 'u1', role: 'technician' as const };
const started: LastJobLine = { kind: 'status', from: 'new', to: 'in-progress', actorId: 'u1', at };
const inProgress = { status: 'in-progress' as const, paymentStatus: 'pending' as const };
const later = (ms: number) => new Date(at.getTime() + ms);

describe('checkUndo', () => {
  it.each([
    ['the same user within the window', started, me, UNDO_WINDOW_MS, { cause: 'start-undone' }],
    ['another user', started, { id: 'u2', role: 'admin' as const }, 1000, /only by the person who pressed it/],
    ['one millisecond too late', started, me, UNDO_WINDOW_MS + 1, /only within 15 seconds/],
    ['a payment line since', { ...started, kind: 'payment', from: 'pending', to: 'paid' }, me, 1000, /\(a payment\)/],
    ['a note since', { ...started, kind: 'note', from: null, to: null }, me, 1000, /a note or a message/],
    ['no line at all', null, me, 1000, /no move to undo/],
  ])('%s', (_name, last, who, after, expected) => {
    const answer = rules.checkUndo('start', inProgress, last, who, later(after));
    if (expected instanceof RegExp) {
      expect(answer).toMatchObject({ refused: 'conflict' });
      expect((answer as { message: string }).message).toMatch(expected);
    } else expect(answer).toEqual(expected);
  });

  it('Complete Work undoes to in progress; a move without an undo in the table has none', () => {
    const completed: LastJobLine = { kind: 'status', from: 'in-progress', to: 'completed', actorId: 'u1', at };
    const job = { status: 'completed' as const, paymentStatus: 'pending' as const };
    expect(rules.checkUndo('complete', job, completed, me, later(1))).toEqual({ cause: 'complete-undone' });
    expect(JOB_MOVES['complete-undone'].to).toBe('in-progress');
    expect(rules.checkUndo('mark-paid', job, completed, me, later(1))).toMatchObject({ refused: 'conflict' });
    const changed = moveRulesOf({
      ...JOB_MOVES,
      'complete-undone': { ...JOB_MOVES['complete-undone'], undoes: undefined },
    });
    expect(changed.checkUndo('complete', job, completed, me, later(1))).toEqual({
      refused: 'conflict',
      message: 'Complete Work cannot be undone.',
    });
  });

  it('a technician no longer allowed to undo in a changed table is answered 403', () => {
    const changed = moveRulesOf({ ...JOB_MOVES, 'start-undone': { ...JOB_MOVES['start-undone'], who: ['admin'] } });
    expect(changed.checkUndo('start', inProgress, started, me, later(1))).toEqual({ refused: 'forbidden' });
  });
});
