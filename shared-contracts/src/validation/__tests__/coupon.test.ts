import { COUPON_MESSAGES, CouponCode } from '../coupon';
import { firstFailure } from '../validate-form';

describe('CouponCode', () => {
  it.each(['', '   ', undefined])('refuses %p with the spec sentence', (value) => {
    expect(firstFailure(CouponCode, value ?? '')).toBe('Coupon code can not be blank');
  });

  it('takes any non-blank code (the server decides whether it exists)', () => {
    expect(firstFailure(CouponCode, ' SAVE10 ')).toBeUndefined();
  });
});

describe('COUPON_MESSAGES', () => {
  it('carries the specification sentences word for word', () => {
    expect(COUPON_MESSAGES.failure).toBe(
      'Something went wrong when adding your coupon, please check your spelling. Otherwise contact support support@pod.local',
    );
    expect(COUPON_MESSAGES.alreadyUsed).toBe('Invalid coupon code applied / You have already used this coupon code');
    expect(COUPON_MESSAGES.applied('SAVE10')).toBe('Coupon "SAVE10" was applied successfully');
  });
});
