import { createContext, useContext, useEffect, useId, useState, type ChangeEvent } from 'react';
import { TextField } from '@pod/shared-contracts';

/** One place a maps service offers for what was typed. */
export interface AddressSuggestion {
  /** The provider's id of the place (stable across queries). */
  id: string;
  /** The address as it goes into the field, e.g. 'Durban, KwaZulu-Natal, South Africa'. */
  description: string;
}

/**
 * What a maps service implements to fill the signed place (spec section 7, "Address
 * autocomplete"). None is configured: the field is a plain text input and nothing leaves the
 * browser. A provider is handed to the screen with {@link AddressAutocompleteContext}; it is
 * asked at most every {@link SUGGEST_DELAY_MS} ms, and a newer query aborts the older one.
 */
export interface AddressAutocompleteProvider {
  suggest: (query: string, signal: AbortSignal) => Promise<readonly AddressSuggestion[]>;
}

/** The provider in use; null (the default) means a plain input. */
export const AddressAutocompleteContext = createContext<AddressAutocompleteProvider | null>(null);

/** How long typing must pause before the provider is asked. */
export const SUGGEST_DELAY_MS = 300;
/** Shorter input is not sent to the provider. */
const MIN_QUERY_LENGTH = 3;

/** Props of {@link AddressField}. */
export interface AddressFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
}

/**
 * A text field for an address. With a provider in {@link AddressAutocompleteContext} its
 * suggestions are offered through a native `<datalist>` (the browser's own accessible
 * suggestion list); typed text is always accepted as it is.
 */
export function AddressField({ label, value, onChange, error, hint }: AddressFieldProps) {
  const provider = useContext(AddressAutocompleteContext);
  const listId = useId();
  const [suggestions, setSuggestions] = useState<readonly AddressSuggestion[]>([]);

  useEffect(() => {
    const query = value.trim();
    if (!provider || query.length < MIN_QUERY_LENGTH) {
      setSuggestions([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      provider
        .suggest(query, controller.signal)
        .then((found) => {
          if (!controller.signal.aborted) setSuggestions(found);
        })
        // A maps service that fails only costs the suggestions; the typed text still counts.
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions([]);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [provider, value]);

  return (
    <>
      <TextField
        label={label}
        value={value}
        error={error}
        hint={hint}
        autoComplete="address-level2"
        list={provider ? listId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {provider ? (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion.id} value={suggestion.description} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
