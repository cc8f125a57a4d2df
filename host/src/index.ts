import { startEarlyLoading } from './federation/early-loading';

// Before the async boundary: the current route's remote starts loading while the host's own
// chunks and the shared modules are still on their way.
void startEarlyLoading();
import('./bootstrap');
