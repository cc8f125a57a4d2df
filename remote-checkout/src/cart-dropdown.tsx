// remote_checkout's exposed `./CartDropdown`, mounted by the host's top bar.
import { reportLoadedVersion } from '@pod/shared-contracts';
import { APP_VERSION } from './app-version';
import { CartDropdown } from './features/cart/cart-dropdown';

// The top bar loads this module before (or without) the App: report the build here too.
reportLoadedVersion('remote_checkout', APP_VERSION);

export default CartDropdown;
