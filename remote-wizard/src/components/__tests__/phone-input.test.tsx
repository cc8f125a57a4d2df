import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUNTRIES, detectCountry, searchCountries, stripPhone } from '../countries';
import { PhoneInput } from '../phone-input';
import { NO_SEARCH_MATCH } from '../search-select';

function Harness({ initial = '', readOnly = false }: { initial?: string; readOnly?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneInput value={value} onChange={setValue} readOnly={readOnly} error={value === '1' ? 'Bad' : undefined} />
      <output data-testid="value">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const number = () => screen.getByRole('textbox', { name: 'Telephone' });
const country = () => screen.getByRole('combobox', { name: 'Country code' });
const value = () => screen.getByTestId('value').textContent;

describe('countries', () => {
  it('lists about 240 countries with a name, a + dial code and a two-letter code, each once', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    for (const each of COUNTRIES) {
      expect(each.dial_code).toMatch(/^\+\d{1,4}$/);
      expect(each.code).toMatch(/^[A-Z]{2}$/);
    }
    expect(new Set(COUNTRIES.map((each) => each.code)).size).toBe(COUNTRIES.length);
  });

  it('strips all but + and digits', () => {
    expect(stripPhone('+27 (82) 123-4567')).toBe('+27821234567');
    expect(stripPhone('tel: 082 123 4567')).toBe('0821234567');
    expect(stripPhone('27+82')).toBe('2782');
    // A full number pasted after the offered dial code replaces it.
    expect(stripPhone('+27+27 82 123 4567')).toBe('+27821234567');
    expect(stripPhone('+27+44 20 7946 0958')).toBe('+442079460958');
  });

  it('detects the country by the longest dial-code prefix', () => {
    expect(detectCountry('+27821234567')?.name).toBe('South Africa');
    expect(detectCountry('+16845551234')?.name).toBe('American Samoa');
    expect(detectCountry('+12125551234')?.name).toBe('United States');
    expect(detectCountry('+447911123456')?.name).toBe('United Kingdom');
    expect(detectCountry('+2631234')?.name).toBe('Zimbabwe');
    expect(detectCountry('0821234567')).toBeUndefined();
    const canada = COUNTRIES.find((each) => each.code === 'CA');
    expect(detectCountry('+14165551234', canada)?.name).toBe('Canada');
  });

  it('searches by name, ignoring case and accents, or by dial code', () => {
    expect(searchCountries('COTE').map((each) => each.name)).toEqual(["Côte d'Ivoire"]);
    expect(searchCountries('+263').map((each) => each.name)).toEqual(['Zimbabwe']);
    expect(searchCountries('xyz')).toEqual([]);
  });
});

describe('PhoneInput', () => {
  it('shows South Africa +27 while the number is empty, with its flag served locally', () => {
    const { container } = render(<Harness />);
    expect(country()).toHaveValue('South Africa +27');
    expect(number()).toHaveValue('');
    expect(container.querySelector('img')).toHaveAttribute('src', '/assets/flags/ZA.svg');
  });

  it('starts an empty number with +27 on focus and gives it back when nothing follows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(number());
    expect(number()).toHaveValue('+27');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(value()).toBe('');
  });

  it('keeps only + and digits as the author types, and follows the dial code', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(number());
    await user.clear(number());
    await user.type(number(), '+44 (20) 7946-0958x');
    expect(value()).toBe('+442079460958');
    expect(country()).toHaveValue('United Kingdom +44');
    expect(container.querySelector('img')).toHaveAttribute('src', '/assets/flags/GB.svg');
  });

  it('filters the country list by a search and puts the picked code in front of the number', async () => {
    const user = userEvent.setup();
    render(<Harness initial="+27821234567" />);
    await user.click(country());
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(within(list).getAllByRole('option').length).toBeGreaterThanOrEqual(240);
    await user.type(country(), 'zimb');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Zimbabwe +263']);
    await user.keyboard('{Enter}');
    expect(value()).toBe('+263821234567');
    expect(country()).toHaveValue('Zimbabwe +263');
    expect(number()).toHaveFocus();
  });

  it('says so when a search finds no country', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(country(), 'Atlantis');
    expect(screen.getByText(NO_SEARCH_MATCH)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(country()).toHaveValue('South Africa +27');
  });

  it('gives a national number the picked code without its leading 0', async () => {
    const user = userEvent.setup();
    render(<Harness initial="0821234567" />);
    await user.click(country());
    await user.click(screen.getByRole('option', { name: 'Namibia +264' }));
    expect(value()).toBe('+264821234567');
  });

  it('picks a country for an empty number', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(country());
    await user.type(country(), 'Kenya');
    await user.click(screen.getByRole('option', { name: 'Kenya +254' }));
    expect(value()).toBe('+254');
    expect(country()).toHaveValue('Kenya +254');
  });

  it('locks number and country when read-only', async () => {
    const user = userEvent.setup();
    render(<Harness initial="+27821234567" readOnly />);
    await user.click(country());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(number()).toHaveAttribute('readonly');
    await user.type(number(), '9');
    expect(value()).toBe('+27821234567');
  });

  it('shows its error on the number', () => {
    render(<Harness initial="1" />);
    expect(number()).toHaveAccessibleDescription('Bad');
    expect(number()).toBeInvalid();
  });
});
