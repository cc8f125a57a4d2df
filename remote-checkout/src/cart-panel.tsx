// remote_checkout's exposed `./CartPanel`: the top bar's cart panel, loaded on its first opening.
import { reportLoadedVersion } from '@pod/shared-contracts';
import { APP_VERSION } from './app-version';
import { CartPanel } from './features/cart/cart-panel';

// The top bar loads this module before (or without) the App: report the build here too.
reportLoadedVersion('remote_checkout', APP_VERSION);

export default CartPanel;
