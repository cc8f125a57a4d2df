// Compile-time proof that the exposed modules keep the host/remote contract.
import type { CartDropdownModule, CartPanelModule, RemoteModule } from '@pod/shared-contracts';
import App from './app';
import CartDropdown from './cart-dropdown';
import CartPanel from './cart-panel';

export const remoteModule: RemoteModule = { default: App };
export const cartDropdownModule: CartDropdownModule = { default: CartDropdown };
export const cartPanelModule: CartPanelModule = { default: CartPanel };
