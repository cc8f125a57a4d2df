import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  AlertRegion,
  alertsAtom,
  sessionStore,
  setCurrentUser,
  setTokens,
  type User,
  Route,
  Routes,
} from '@pod/shared-contracts';
import { fakeJwt, renderWithProviders } from '@pod/shared-contracts/testing';
import { UpdateUsersScreen } from '../../../routes/update-users';

/** Publisher details as saved in `misc` (top level). */
export const SAVED_PUBLISHER = {
  publish_name: 'Ink & Quill',
  email: 'rights@inkquill.co.za',
  telephone: '0215550199',
  contact_person: 'Thandi Mokoena',
  reg_id_no: '2019/123456/07',
  postal_address: 'PO Box 12, Cape Town',
  physical_address: '12 Long Street, Cape Town',
};

/** A saved local account as the API answers it: the account number masked. */
export const SAVED_LOCAL_BANK = {
  bank_name: 'Capitec Bank Limited',
  brance_code: '470 010',
  branch_name: 'Cape Town',
  account_name: 'T Mokoena',
  account_type: 'Savings',
  account_number: '•••• 6789',
  international_swift_code: ' ',
  international_iban_number: '',
  international_bank_address: ' ',
  paypal: '',
};

/** A saved international account as the API answers it: the IBAN masked. */
export const SAVED_INTERNATIONAL_BANK = {
  international_bank_address: '1 Churchill Place, London',
  international_iban_number: '•••• 2681',
  international_swift_code: 'NWBKGB2L',
  account_name: 'T Mokoena',
  paypal: 'thandi@paypal.example',
};

/** The signed-in user; `misc` is JSON text as the API sends it. */
export function thandi(misc: Record<string, unknown> = {}, extra: Partial<User> = {}): User {
  return {
    id: 42,
    email: 'thandi@example.co.za',
    name_first: 'Thandi',
    name_last: 'Mokoena',
    phone_main: '0821234567',
    balance: 0,
    user_status: 1,
    initial_login: 1,
    user_confirmation: 0,
    admin_confirmation: 0,
    pending_changes: null,
    misc: JSON.stringify(misc),
    ...extra,
  };
}

/** Resets the session, signs `user` in and clears the alert bars. */
export function signIn(user: User): void {
  localStorage.clear();
  setTokens({ accessToken: fakeJwt(3600, { sub: String(user.id) }), refreshToken: fakeJwt(86_400) });
  setCurrentUser(user);
  sessionStore.set(alertsAtom, []);
}

/**
 * Renders /profile/update-users (alert bars above, /profile beside it) with fake timers
 * driving user-event, and returns the user-event session.
 */
export function renderUpdateRequest(): UserEvent {
  renderWithProviders(
    <>
      <AlertRegion />
      <Routes>
        <Route path="/profile/update-users" element={<UpdateUsersScreen />} />
        <Route path="/profile" element={<h1>Profile</h1>} />
      </Routes>
    </>,
    { route: '/profile/update-users', probe: true },
  );
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/** A text field (input or textarea) by its label. */
export const textbox = (name: string) => screen.getByRole('textbox', { name });

/** A select by its label. */
export const combobox = (name: string) => screen.getByRole('combobox', { name });

/** Empties `name` and types `value` (nothing for ''). */
export async function retype(user: UserEvent, name: string, value: string): Promise<void> {
  const field = textbox(name);
  await user.clear(field);
  if (value) await user.type(field, value);
}

/** Lets the 200 ms validation delay pass. */
export async function passValidationDelay(): Promise<void> {
  await act(() => jest.advanceTimersByTimeAsync(200));
}

/** Presses Update and lets the validation run. */
export async function pressUpdate(user: UserEvent): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Update' }));
  await passValidationDelay();
}

/** Opens Publisher Details when it is collapsed. */
export async function expandPublisher(user: UserEvent): Promise<void> {
  const toggle = screen.getByRole('button', { name: 'Publisher Details' });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
}

/** The message shown on a field (linked to it through aria-describedby), or null. */
export function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length > 0 ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
}

/** The confirmation dialog. */
export const confirmDialog = () => screen.getByRole('dialog', { name: 'Confirm update request' });

/** Ticks the agreement and presses Proceed. */
export async function agreeAndProceed(user: UserEvent): Promise<void> {
  const dialog = confirmDialog();
  await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to submit these changes for review' }));
  await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
}
