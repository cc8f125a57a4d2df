import { alertMessage, ApiError, SIGN_IN_REQUIRED_MESSAGE } from '../../api/errors';
import { bookDetailPath, matchAppRoute, safeReturnPath, signInPath, wizardResumePath } from '..';

describe('the route table', () => {
  it('gives a book its own guarded address in remote_library', () => {
    expect(bookDetailPath('international', 7)).toBe('/books/international/7');
    expect(matchAppRoute('/books/local/12')).toMatchObject({ owner: 'remote_library', access: 'guarded' });
    expect(matchAppRoute('/books/local/12/more')).toBeUndefined();
  });

  it('routes /reports to remote_library, guarded', () => {
    expect(matchAppRoute('/reports')).toMatchObject({ owner: 'remote_library', access: 'guarded' });
  });

  it('resumes the wizard where a saved upload stopped, or nowhere', () => {
    expect(wizardResumePath('getquote', { localId: 12, internationalId: 40 })).toBe(
      '/new-book/publisher-info?continue=true&lbid=12&ibid=40&region=li',
    );
    expect(wizardResumePath('signedcontract', { localId: null, internationalId: 40 })).toBe(
      '/new-book/upload-type?continue=true&ibid=40&region=i',
    );
    expect(wizardResumePath('uploaded', { localId: 12, internationalId: null })).toBeNull();
    expect(wizardResumePath(undefined, { localId: 12, internationalId: null })).toBeNull();
  });

  it('marks only the cart and checkout as open routes that need a session', () => {
    expect(matchAppRoute('/checkout')?.needsSession).toBe(true);
    expect(matchAppRoute('/checkout/cart')?.needsSession).toBe(true);
    expect(matchAppRoute('/new-book/publishing-rights')?.needsSession).toBeUndefined();
    expect(matchAppRoute('/login')?.needsSession).toBeUndefined();
  });
});

describe('safeReturnPath', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeReturnPath('/checkout/cart')).toBe('/checkout/cart');
    expect(safeReturnPath('/books/local/3?tab=sales#top')).toBe('/books/local/3?tab=sales#top');
  });

  it.each([
    [null],
    [''],
    ['checkout/cart'],
    ['https://evil.example/checkout/cart'],
    ['//evil.example/checkout'],
    ['/\\evil.example'],
    ['/checkout\n/cart'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/register/your-details'],
    ['/'],
    ['/no-such-page'],
  ])('refuses %p', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('signInPath', () => {
  it('carries a safe return path and drops an unsafe one', () => {
    expect(signInPath('/checkout/cart')).toBe('/login?next=%2Fcheckout%2Fcart');
    expect(signInPath('//evil.example')).toBe('/login');
    expect(signInPath()).toBe('/login');
  });
});

describe('a 401 on screen', () => {
  it("reads as a request to sign in, never the bare 'Unauthorized'", () => {
    expect(alertMessage(new ApiError(401, 'Unauthorized'))).toBe(SIGN_IN_REQUIRED_MESSAGE);
    expect(alertMessage(new ApiError(401, ''))).toBe(SIGN_IN_REQUIRED_MESSAGE);
    expect(alertMessage(new ApiError(401, 'Current password is incorrect'))).toBe('Current password is incorrect');
  });
});
