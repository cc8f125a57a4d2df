import type { BasePath } from '../lib/stages';

/** The name of a base path's flow, for document titles: 'New book' or 'My first book'. */
export function flowName(base: BasePath): string {
  return base === '/new-book' ? 'New book' : 'My first book';
}
