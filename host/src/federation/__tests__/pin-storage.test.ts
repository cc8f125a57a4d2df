import { QA_PINS_STORAGE_KEY } from '@pod/shared-contracts';
import { capturePinsFromUrl, clearPins, dropPin, readPins, writePins } from '../pin-storage';

describe('QA pins in session storage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('stores the pins of a pin link and removes pin from the address, keeping the rest', () => {
    window.history.replaceState({ from: 'test' }, '', '/books?tab=2&pin=checkout@1.3.0,wizard@2.0.1#top');

    const captured = capturePinsFromUrl();

    expect(captured).toEqual({ found: true, errors: [] });
    expect(sessionStorage.getItem(QA_PINS_STORAGE_KEY)).toBe('checkout@1.3.0,wizard@2.0.1');
    expect(readPins()).toEqual([
      { remote: 'remote_checkout', version: '1.3.0' },
      { remote: 'remote_wizard', version: '2.0.1' },
    ]);
    expect(window.location.pathname).toBe('/books');
    expect(window.location.search).toBe('?tab=2');
    expect(window.location.hash).toBe('#top');
    expect(window.history.state).toEqual({ from: 'test' });
  });

  it('reports invalid items of the link and stores only the valid ones', () => {
    window.history.replaceState(null, '', '/?pin=foo@1,checkout@1.3.0');

    const { errors } = capturePinsFromUrl();

    expect(errors).toEqual(['Ignored pin "foo@1": unknown remote']);
    expect(sessionStorage.getItem(QA_PINS_STORAGE_KEY)).toBe('checkout@1.3.0');
    expect(window.location.search).toBe('');
  });

  it('leaves storage and the address alone without a pin parameter', () => {
    writePins([{ remote: 'remote_checkout', version: '1.3.0' }]);
    window.history.replaceState(null, '', '/dashboard?x=1');

    expect(capturePinsFromUrl()).toEqual({ found: false, errors: [] });
    expect(readPins()).toEqual([{ remote: 'remote_checkout', version: '1.3.0' }]);
    expect(window.location.search).toBe('?x=1');
  });

  it('replaces earlier pins with a new link, and an empty pin clears them', () => {
    writePins([{ remote: 'remote_checkout', version: '1.3.0' }]);
    window.history.replaceState(null, '', '/?pin=wizard@2.0.1');
    capturePinsFromUrl();
    expect(readPins()).toEqual([{ remote: 'remote_wizard', version: '2.0.1' }]);

    window.history.replaceState(null, '', '/?pin=');
    capturePinsFromUrl();
    expect(readPins()).toEqual([]);
    expect(sessionStorage.getItem(QA_PINS_STORAGE_KEY)).toBeNull();
  });

  it('drops one pin, clears all, and never trusts a tampered stored value', () => {
    writePins([
      { remote: 'remote_checkout', version: '1.3.0' },
      { remote: 'remote_wizard', version: '2.0.1' },
    ]);
    dropPin({ remote: 'remote_checkout', version: '1.3.0' });
    expect(readPins()).toEqual([{ remote: 'remote_wizard', version: '2.0.1' }]);

    clearPins();
    expect(sessionStorage.getItem(QA_PINS_STORAGE_KEY)).toBeNull();

    sessionStorage.setItem(QA_PINS_STORAGE_KEY, 'evil@1.0.0,checkout@../../x,library@1.0.0');
    expect(readPins()).toEqual([{ remote: 'remote_library', version: '1.0.0' }]);
  });
});
