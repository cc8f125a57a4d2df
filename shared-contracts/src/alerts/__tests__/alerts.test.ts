import { GENERIC_ERROR_MESSAGE } from '../../constants';
import { sessionStore } from '../../session/store';
import { alertsAtom, dismissAlert, raiseAlert } from '..';

const raised = () => sessionStore.get(alertsAtom);

beforeEach(() => sessionStore.set(alertsAtom, []));

describe('raiseAlert', () => {
  it('keeps a real message, the variant and the title', () => {
    const id = raiseAlert({ variant: 'success', title: 'Done', message: 'Your book has been deleted successfully.' });

    expect(raised()).toEqual([
      { id, variant: 'success', title: 'Done', message: 'Your book has been deleted successfully.' },
    ]);
  });

  it.each([
    ['the bare server error', 'Internal server error'],
    ['an empty message', ''],
    ['a blank message', '   '],
    ['no message at all', undefined],
    ['an Error without a message', new Error('')],
    ['a body that is not text', { statusCode: 500 }],
  ])('shows the generic fallback for %s', (_case, message) => {
    raiseAlert({ variant: 'danger', message });

    expect(raised()[0]?.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(GENERIC_ERROR_MESSAGE).toBe(
      "Something went wrong and we're not sure what to do about it. Please try again and contact us if the error persists.",
    );
  });

  it("uses an Error's own message", () => {
    raiseAlert({ variant: 'warning', message: new Error('Failed to re-sign contract') });

    expect(raised()[0]?.message).toBe('Failed to re-sign contract');
  });

  it('gives every alert its own id, and dismissing removes only that one', () => {
    const first = raiseAlert({ variant: 'info', message: 'One' });
    const second = raiseAlert({ variant: 'info', message: 'Two' });
    expect(first).not.toBe(second);

    dismissAlert(first);

    expect(raised().map((alert) => alert.message)).toEqual(['Two']);
  });
});
