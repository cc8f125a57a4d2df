import { GENERIC_ERROR_MESSAGE } from '../../constants';
import { sessionStore } from '../../session/store';
import { ApiError } from '../../api/errors';
import { alertsAtom, clearAlerts, dismissAlert, dismissAlertByKey, raiseAlert } from '..';

const raised = () => sessionStore.get(alertsAtom);

beforeEach(() => sessionStore.set(alertsAtom, []));

describe('raiseAlert', () => {
  it('keeps a real message, the variant and the title', () => {
    const id = raiseAlert({ variant: 'success', title: 'Done', message: 'Your book has been deleted successfully.' });

    expect(raised()).toEqual([
      {
        id,
        variant: 'success',
        title: 'Done',
        message: 'Your book has been deleted successfully.',
        key: 'success|Done|Your book has been deleted successfully.',
      },
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

describe('one alert per cause', () => {
  it('shows a cause once however often it is raised, and again after it was dismissed', () => {
    const first = raiseAlert({ variant: 'danger', message: 'Unable to refresh token' });
    for (let i = 0; i < 6; i += 1)
      expect(raiseAlert({ variant: 'danger', message: 'Unable to refresh token' })).toBe(first);
    expect(raised()).toHaveLength(1);

    dismissAlert(first);
    expect(raiseAlert({ variant: 'danger', message: 'Unable to refresh token' })).not.toBe(first);
    expect(raised()).toHaveLength(1);
  });

  it('tells causes apart by an explicit key, and dismisses by it when resolved', () => {
    raiseAlert({ variant: 'danger', message: 'Your cart could not be loaded.', key: 'cart' });
    raiseAlert({ variant: 'danger', message: 'Your cart could not be loaded (again).', key: 'cart' });
    raiseAlert({ variant: 'danger', message: 'Your cart could not be loaded.', key: 'orders' });
    expect(raised().map((alert) => alert.key)).toEqual(['cart', 'orders']);

    dismissAlertByKey('cart');
    expect(raised().map((alert) => alert.key)).toEqual(['orders']);
  });

  it("never shows a 401: that is the session's business (refresh, or its own notice)", () => {
    expect(raiseAlert({ variant: 'danger', message: new ApiError(401, 'Unauthorized') })).toBe('');
    expect(raised()).toEqual([]);
    raiseAlert({ variant: 'danger', message: new ApiError(403, 'Your account has not been activated yet') });
    expect(raised()[0]?.message).toBe('Your account has not been activated yet');
  });
});

describe('clearAlerts', () => {
  it('clears what belongs to the page and keeps sticky notices, unless told all', () => {
    raiseAlert({ variant: 'danger', message: 'Orders could not be loaded' });
    raiseAlert({ variant: 'warning', title: 'QA pins', message: 'checkout@9.9.9 is not deployed', sticky: true });

    clearAlerts();
    expect(raised().map((alert) => alert.message)).toEqual(['checkout@9.9.9 is not deployed']);

    clearAlerts({ all: true });
    expect(raised()).toEqual([]);
  });
});
