// Arrange mode's moves (src/content/arrangement.ts): applying them, undoing and redoing them, the
// keyboard shortcuts, and what the editor page believes of a message.
import {
  EMPTY_HISTORY,
  applyMove,
  changedLists,
  isMoveMessage,
  recordMove,
  redoStep,
  shortcutOf,
  undoStep,
  type ListOrders,
  type Move,
} from '../../src/content/arrangement';

const ORDERS: ListOrders = { coverage: ['a', 'b', 'c'], timeline: ['t1', 't2', 't3', 't4'], adasorter: ['s1'], worker: [] };
const MOVE: Move = { list: 'timeline', id: 't1', from: 0, to: 2 };

describe('a move', () => {
  it('takes the item out and puts it back at its new index, in its own list only', () => {
    expect(applyMove(ORDERS, MOVE)).toEqual({ ...ORDERS, timeline: ['t2', 't3', 't1', 't4'] });
    expect(applyMove(ORDERS, { list: 'coverage', id: 'c', from: 2, to: 0 }).coverage).toEqual(['c', 'a', 'b']);
  });

  it('changes nothing when it does not fit the lists (another id at `from`, or `to` outside)', () => {
    expect(applyMove(ORDERS, { ...MOVE, id: 't2' })).toBe(ORDERS);
    expect(applyMove(ORDERS, { ...MOVE, to: 4 })).toBe(ORDERS);
  });
});

describe('undo and redo', () => {
  it('undo gives the last move reversed, redo gives it again, and a new move clears what could be redone', () => {
    const second: Move = { list: 'coverage', id: 'a', from: 0, to: 1 };
    const history = recordMove(recordMove(EMPTY_HISTORY, MOVE), second);
    const undone = undoStep(history);
    expect(undone?.move).toEqual({ list: 'coverage', id: 'a', from: 1, to: 0 });
    const undoneTwice = undoStep(undone!.history);
    expect(undoneTwice?.move).toEqual({ list: 'timeline', id: 't1', from: 2, to: 0 });
    expect(undoStep(undoneTwice!.history)).toBeNull();
    const redone = redoStep(undoneTwice!.history);
    expect(redone?.move).toEqual(MOVE);
    expect(recordMove(redone!.history, second).undone).toEqual([]);
    expect(redoStep(EMPTY_HISTORY)).toBeNull();
  });

  it('applied in turn, a move and its undo give the orders back', () => {
    const moved = applyMove(ORDERS, MOVE);
    const { move } = undoStep(recordMove(EMPTY_HISTORY, MOVE))!;
    expect(applyMove(moved, move)).toEqual(ORDERS);
    expect(changedLists(ORDERS, applyMove(moved, move))).toEqual([]);
    expect(changedLists(ORDERS, moved)).toEqual(['timeline']);
  });
});

describe('the shortcuts', () => {
  const key = (spec: Partial<Parameters<typeof shortcutOf>[0]> & { key: string }) =>
    shortcutOf({ ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...spec });

  it.each([
    ['Ctrl+Z', { key: 'z', ctrlKey: true }, 'undo'],
    ['Cmd+Z', { key: 'z', metaKey: true }, 'undo'],
    ['Ctrl+Y', { key: 'y', ctrlKey: true }, 'redo'],
    ['Cmd+Shift+Z', { key: 'Z', metaKey: true, shiftKey: true }, 'redo'],
    ['Z alone', { key: 'z' }, null],
    ['Ctrl+Alt+Z', { key: 'z', ctrlKey: true, altKey: true }, null],
    ['Cmd+Y', { key: 'y', metaKey: true }, null],
  ] as const)('%s → %s', (_name, spec, expected) => {
    expect(key(spec)).toBe(expected);
  });
});

describe('a message from the preview', () => {
  it.each([
    [{ type: 'move', list: 'timeline', id: 't1', from: 0, to: 2 }, true],
    [{ type: 'move', list: 'contact_submissions', id: 't1', from: 0, to: 2 }, false],
    [{ type: 'move', list: 'timeline', id: 1, from: 0, to: 2 }, false],
    [{ type: 'move', list: 'timeline', id: 't1', from: 0.5, to: 2 }, false],
    [{ type: 'save', list: 'timeline', id: 't1', from: 0, to: 2 }, false],
    ['move', false],
    [null, false],
  ])('%j is believed: %s', (message, believed) => {
    expect(isMoveMessage(message)).toBe(believed);
  });
});
