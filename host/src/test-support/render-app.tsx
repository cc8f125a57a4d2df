import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SessionGate, setCurrentUser, type User } from '@pod/shared-contracts';
import { App } from '../app';
import { createRemoteLoader, type ModuleImporter } from '../federation/remote-loader';

/** Shows the current path, so tests can see where a redirect went. */
export function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** A signed-in user as the session stores it. */
export const THANDI = { id: 7, email: 'thandi@example.co.za', name_first: 'Thandi', name_last: 'Nkosi', balance: 1250 } as User;

/** A fake remote App: a screen with one heading naming the remote and the path. */
export function fakeRemoteModules(): ModuleImporter {
  return async (id) => {
    if (id === 'remote_checkout/CartDropdown') return { default: () => <button type="button">Cart (0)</button> };
    const Screen = () => (
      <h1>
        {id} at {useLocation().pathname}
      </h1>
    );
    return { default: Screen };
  };
}

/** Renders the whole portal as bootstrap does (session gate included) at `path`, with or without a stored user, on fake remotes. */
export function renderApp(path: string, { user = null as User | null, importer = fakeRemoteModules() } = {}) {
  setCurrentUser(user);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionGate>
        <App loader={createRemoteLoader(importer)} />
      </SessionGate>
      <LocationProbe />
    </MemoryRouter>,
  );
}
