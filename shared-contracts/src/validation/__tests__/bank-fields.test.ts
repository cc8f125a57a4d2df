import { BANK_FIELDS, INTERNATIONAL_BANK_FIELDS, LOCAL_BANK_FIELDS, PUBLISHER_FIELDS } from '../bank-fields';

describe('bank and publisher field lists', () => {
  it('makes every bank field part of one set or both, and no other', () => {
    const inSets = new Set<string>([...LOCAL_BANK_FIELDS, ...INTERNATIONAL_BANK_FIELDS]);
    expect([...inSets].sort()).toEqual([...BANK_FIELDS].sort());
  });

  it('shares only the holder, type and number between the local and the international set', () => {
    const shared = LOCAL_BANK_FIELDS.filter((field) =>
      (INTERNATIONAL_BANK_FIELDS as readonly string[]).includes(field),
    );
    expect(shared).toEqual(['account_name', 'account_type', 'account_number']);
  });

  it('keeps the spec spelling of the branch code and separates publisher from bank fields', () => {
    expect(LOCAL_BANK_FIELDS).toContain('brance_code');
    expect(PUBLISHER_FIELDS.filter((field) => (BANK_FIELDS as readonly string[]).includes(field))).toEqual([]);
  });
});
