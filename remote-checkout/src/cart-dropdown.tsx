// remote_checkout's exposed `./CartDropdown`, mounted by the host's top bar.
import { CartDropdown } from './features/cart/cart-dropdown';

export default CartDropdown;
