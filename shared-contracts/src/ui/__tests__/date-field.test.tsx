import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { formatDay, parseDay } from '../../format';
import { DATE_FORMAT_MESSAGE, DateField } from '../date-field';

describe('parseDay and formatDay', () => {
  it.each([
    ['05-03-2024', '2024-03-05'],
    ['5-3-2024', '2024-03-05'],
    ['05/03/2024', '2024-03-05'],
    [' 29-02-2024 ', '2024-02-29'],
  ])('reads %s as %s', (text, iso) => expect(parseDay(text)).toBe(iso));

  it.each(['31-02-2024', '29-02-2023', '2024-03-05', '05-13-2024', '05-03-24', ''])('refuses %s', (text) =>
    expect(parseDay(text)).toBeNull(),
  );

  it('shows an ISO day as dd-MM-yyyy', () => {
    expect(formatDay('2024-03-05')).toBe('05-03-2024');
    expect(formatDay('')).toBe('');
  });
});

function Harness({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="From" value={value} onChange={setValue} min={min} max={max} />
      <output aria-label="Chosen day">{value || 'none'}</output>
      <button type="button" onClick={() => setValue('')}>
        Clear Filters
      </button>
    </>
  );
}

describe('DateField', () => {
  it('takes and shows days as dd-mm-yyyy, passing ISO days on', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2024-03-07" />);
    const field = screen.getByRole('textbox', { name: 'From' });
    expect(field).toHaveValue('07-03-2024');
    expect(field).toHaveAccessibleDescription('dd-mm-yyyy');

    await user.clear(field);
    await user.type(field, '05-03-2024');
    expect(screen.getByRole('status', { name: 'Chosen day' })).toHaveTextContent('2024-03-05');
    expect(field).toHaveValue('05-03-2024');
  });

  it('passes no day while the text is not a whole day, and explains once the user leaves', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2024-03-07" />);
    const field = screen.getByRole('textbox', { name: 'From' });

    await user.clear(field);
    await user.type(field, '31-02-2024');
    expect(screen.getByRole('status', { name: 'Chosen day' })).toHaveTextContent('none');
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`dd-mm-yyyy ${DATE_FORMAT_MESSAGE}`);
    expect(field).toHaveValue('31-02-2024');
  });

  it('refuses a day outside min and max, naming the bound', async () => {
    const user = userEvent.setup();
    render(<Harness max="2024-03-06" />);
    const field = screen.getByRole('textbox', { name: 'From' });

    await user.type(field, '07-03-2024');
    await user.tab();
    expect(screen.getByRole('status', { name: 'Chosen day' })).toHaveTextContent('none');
    expect(field).toHaveAccessibleDescription('dd-mm-yyyy Choose 06-03-2024 or an earlier day');
  });

  it('empties when the value is cleared from outside', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2024-03-07" />);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('');
  });

  it("shows the owner's message when it finds nothing wrong itself, and reports leaving", async () => {
    const user = userEvent.setup();
    const onBlur = jest.fn();
    render(
      <DateField
        label="Publication date"
        name="publicationDate"
        value=""
        onChange={() => undefined}
        onBlur={onBlur}
        error="Please select your book's publication date"
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Publication date' });
    expect(field).toHaveAttribute('name', 'publicationDate');
    expect(field).toHaveAccessibleDescription("dd-mm-yyyy Please select your book's publication date");
    await user.type(field, '99');
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(field).toHaveAccessibleDescription(`dd-mm-yyyy ${DATE_FORMAT_MESSAGE}`);
  });
});
