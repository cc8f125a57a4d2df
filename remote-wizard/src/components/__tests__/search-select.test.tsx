import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, FormSpy } from 'react-final-form';
import { NO_SEARCH_MATCH, SearchSelect, type SearchOption } from '../search-select';

const PAPERS: SearchOption[] = [
  { value: '1', label: '80gsm Bond (B&W)' },
  { value: '2', label: '70gsm Book Wove Cream (B&W)' },
  { value: '3', label: '115gsm Gloss Art (Colour)' },
];

let seen: Record<string, unknown> = {};
const picked = jest.fn();

function renderSelect({
  options = PAPERS,
  initial = '',
  emptyText,
  validate,
}: {
  options?: SearchOption[];
  initial?: string;
  emptyText?: string;
  validate?: (values: Record<string, unknown>) => Record<string, string> | undefined;
} = {}) {
  render(
    <Form
      initialValues={{ paper: initial }}
      validate={validate}
      onSubmit={() => undefined}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <SearchSelect name="paper" label="Local paper type" options={options} emptyText={emptyText} onPick={picked} />
          <button type="submit">Continue</button>
          <FormSpy subscription={{ values: true }} onChange={({ values }) => (seen = values)} />
        </form>
      )}
    />,
  );
  return userEvent.setup();
}

const combobox = () => screen.getByRole('combobox', { name: 'Local paper type' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

beforeEach(() => {
  seen = {};
  picked.mockClear();
});

describe('SearchSelect (WAI-ARIA combobox with a listbox popup)', () => {
  it('is a combobox named by its label, collapsed and controlling a hidden listbox', () => {
    renderSelect();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveAttribute('aria-autocomplete', 'list');
    const listId = combobox().getAttribute('aria-controls') ?? '';
    expect(document.getElementById(listId)).toHaveAttribute('role', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens on click with every option, and a click on an option picks it', async () => {
    const user = renderSelect();
    await user.click(combobox());
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Local paper type' })).toBeVisible();
    expect(optionNames()).toEqual(PAPERS.map((paper) => paper.label));

    await user.click(screen.getByRole('option', { name: '80gsm Bond (B&W)' }));
    expect(seen.paper).toBe('1');
    expect(picked).toHaveBeenCalledWith('1');
    expect(combobox()).toHaveValue('80gsm Bond (B&W)');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveFocus();
  });

  it('filters as the user types, and says when nothing matches', async () => {
    const user = renderSelect();
    await user.type(combobox(), 'b&w');
    expect(optionNames()).toEqual(['80gsm Bond (B&W)', '70gsm Book Wove Cream (B&W)']);
    await user.clear(combobox());
    await user.type(combobox(), 'linen');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText(NO_SEARCH_MATCH)).toBeInTheDocument();
    expect(seen.paper).toBe('');
  });

  it('moves with the arrow keys, picks with Enter and closes with Escape keeping the value', async () => {
    const user = renderSelect({ initial: '2' });
    expect(combobox()).toHaveValue('70gsm Book Wove Cream (B&W)');
    await user.tab();
    expect(combobox()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    // Opening highlights the chosen option.
    expect(combobox()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { selected: true }).id);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('70gsm Book Wove Cream (B&W)');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('115gsm Gloss Art (Colour)');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('80gsm Bond (B&W)');
    await user.keyboard('{Enter}');
    expect(seen.paper).toBe('1');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveValue('80gsm Bond (B&W)');
    expect(seen.paper).toBe('1');
  });

  it('types into the filter and picks the first match with Enter', async () => {
    const user = renderSelect();
    await user.type(combobox(), 'gloss{Enter}');
    expect(seen.paper).toBe('3');
    expect(combobox()).toHaveValue('115gsm Gloss Art (Colour)');
  });

  it('says the empty text, visibly and as its description, when there are no options at all', async () => {
    const user = renderSelect({ options: [], emptyText: 'N/A, No matches found' });
    expect(combobox()).toHaveAccessibleDescription('N/A, No matches found');
    expect(screen.getByText('N/A, No matches found')).toBeVisible();
    await user.click(combobox());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows its message once touched or after a submit', async () => {
    const user = renderSelect({
      validate: (values) => (values.paper ? undefined : { paper: 'Please select a local paper type' }),
    });
    expect(combobox()).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(combobox()).toHaveAccessibleDescription('Please select a local paper type');
    expect(combobox()).toHaveAttribute('aria-invalid', 'true');
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: '80gsm Bond (B&W)' }));
    expect(combobox()).not.toHaveAccessibleDescription();
  });
});
