/**
 * Superstruct structs carrying the specification's exact messages. Used by the forms of
 * more than one remote and by the reference API, so a rule and its wording live once.
 */
export * from './rules';
export * from './password';
export * from './auth';
export * from './coupon';
export * from './validate-form';
export * from './book-details';
export * from './metadata';
export * from './bank-fields';
export * from './publisher-bank';
export * from './thumbnail';
export * from './update-request';
export * from './profile-details';
export * from './chat';
