import { formatPin, formatPins, parsePins, remoteFromPinName } from '../pins';

describe('parsePins', () => {
  it('reads one pin by its short name', () => {
    expect(parsePins('checkout@1.3.0')).toEqual({
      pins: [{ remote: 'remote_checkout', version: '1.3.0' }],
      errors: [],
    });
  });

  it('reads several pins, in any of the three name forms, with pre-release versions', () => {
    const { pins, errors } = parsePins(
      'checkout@1.3.0, remote_wizard@2.0.1 ,remote-account@0.4.0-rc.1,LIBRARY@10.20.30',
    );

    expect(errors).toEqual([]);
    expect(pins).toEqual([
      { remote: 'remote_checkout', version: '1.3.0' },
      { remote: 'remote_wizard', version: '2.0.1' },
      { remote: 'remote_account', version: '0.4.0-rc.1' },
      { remote: 'remote_library', version: '10.20.30' },
    ]);
  });

  it('ignores invalid items with a readable error and keeps the valid ones', () => {
    const { pins, errors } = parsePins('foo@1,checkout@1.3,wizard,@1.0.0,account@1.0.0,,wizard@v2.0.1');

    expect(pins).toEqual([{ remote: 'remote_account', version: '1.0.0' }]);
    expect(errors).toEqual([
      'Ignored pin "foo@1": unknown remote',
      'Ignored pin "checkout@1.3": "1.3" is not a version like 1.3.0',
      'Ignored pin "wizard": write it as remote@version, e.g. checkout@1.3.0',
      'Ignored pin "@1.0.0": write it as remote@version, e.g. checkout@1.3.0',
      'Ignored pin "wizard@v2.0.1": "v2.0.1" is not a version like 1.3.0',
    ]);
  });

  it('keeps the last of two pins for the same remote', () => {
    expect(parsePins('checkout@1.3.0,wizard@2.0.1,remote_checkout@1.4.0').pins).toEqual([
      { remote: 'remote_checkout', version: '1.4.0' },
      { remote: 'remote_wizard', version: '2.0.1' },
    ]);
  });

  it('reads an empty value as no pins', () => {
    expect(parsePins('')).toEqual({ pins: [], errors: [] });
  });
});

describe('names and formatting', () => {
  it('knows the remotes by every name form and nothing else', () => {
    expect(remoteFromPinName('wizard')).toBe('remote_wizard');
    expect(remoteFromPinName('remote-library')).toBe('remote_library');
    expect(remoteFromPinName('remote_host')).toBeNull();
    expect(remoteFromPinName('host')).toBeNull();
  });

  it('formats pins the way QA writes them', () => {
    const pins = parsePins('checkout@1.3.0,remote_wizard@2.0.1').pins;
    expect(formatPin(pins[0]!)).toBe('checkout@1.3.0');
    expect(formatPins(pins)).toBe('checkout@1.3.0,wizard@2.0.1');
    expect(formatPins(pins, ', ')).toBe('checkout@1.3.0, wizard@2.0.1');
    expect(parsePins(formatPins(pins)).pins).toEqual(pins);
  });
});
