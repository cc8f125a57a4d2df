import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AddressAutocompleteContext,
  AddressField,
  SUGGEST_DELAY_MS,
  type AddressAutocompleteProvider,
} from '../address-autocomplete';

function Harness({ provider }: { provider: AddressAutocompleteProvider | null }) {
  const [value, setValue] = useState('');
  return (
    <AddressAutocompleteContext.Provider value={provider}>
      <AddressField label="Signed place" value={value} onChange={setValue} />
    </AddressAutocompleteContext.Provider>
  );
}

afterEach(() => jest.useRealTimers());

describe('AddressField', () => {
  it('is a plain labelled input without a provider', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness provider={null} />);
    await user.type(screen.getByRole('textbox', { name: 'Signed place' }), 'Durban');
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toHaveValue('Durban');
    expect(screen.getByRole('textbox', { name: 'Signed place' })).not.toHaveAttribute('list');
    expect(container.querySelector('datalist')).toBeNull();
  });

  it("offers a provider's suggestions once typing pauses, asking once for the last text", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const suggest = jest.fn(async (query: string) => [
      { id: 'dbn', description: `${query}, KwaZulu-Natal, South Africa` },
      { id: 'dbn-north', description: `${query} North, KwaZulu-Natal, South Africa` },
    ]);
    render(<Harness provider={{ suggest }} />);
    // An input with a list of suggestions is a combobox.
    const input = screen.getByRole('combobox', { name: 'Signed place' });
    await user.type(input, 'Durban');
    expect(suggest).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(SUGGEST_DELAY_MS);
    });
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest).toHaveBeenCalledWith('Durban', expect.any(AbortSignal));
    const list = document.getElementById(input.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
      'Durban, KwaZulu-Natal, South Africa',
      'Durban North, KwaZulu-Natal, South Africa',
    ]);
  });
});
