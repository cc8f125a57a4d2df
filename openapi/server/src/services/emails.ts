import { escapeHtml } from '../html.js';
import { SAST_OFFSET_MS } from '@pod/shared-contracts/constants';
import type { MailMessage } from '../plugins/external/mail.js';

/**
 * The e-mails of the account area. Subjects and link texts are fixed (the e2e journeys and the
 * dev mailbox tests look for them); every interpolated value is escaped in the HTML part.
 */
export const VERIFY_MAIL = { subject: 'Verify your Print on Demand account', linkText: 'Verify my account' } as const;
export const RESET_MAIL = { subject: 'Reset your Print on Demand password', linkText: 'Reset my password' } as const;
export const EMAIL_CHANGE_MAIL = {
  subject: 'Confirm your new Print on Demand e-mail address',
  linkText: 'Confirm my new address',
} as const;
export const EMAIL_CHANGE_NOTICE_SUBJECT = 'A change of your Print on Demand e-mail address was requested';
export const EMAIL_CHANGED_SUBJECT = 'Your Print on Demand e-mail address was changed';

interface LinkMailInput {
  to: string;
  firstName: string;
  link: string;
}

function linkMail(
  { to, firstName, link }: LinkMailInput,
  { subject, linkText }: { subject: string; linkText: string },
  intro: string,
  outro: string,
): MailMessage {
  const greeting = firstName.trim() === '' ? 'Hi,' : `Hi ${firstName},`;
  return {
    to,
    subject,
    text: `${greeting}\n\n${intro}\n\n${linkText}: ${link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function verificationMail(input: LinkMailInput): MailMessage {
  return linkMail(
    input,
    VERIFY_MAIL,
    'Welcome to Print on Demand. Please verify your e-mail address to activate your account:',
    'The link is valid for 24 hours and works once. If you did not register, you can ignore this e-mail.',
  );
}

export function passwordResetMail(input: LinkMailInput): MailMessage {
  return linkMail(
    input,
    RESET_MAIL,
    'We received a request to reset the password of your Print on Demand account. Choose a new password here:',
    'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
  );
}

/** The confirmation link of an e-mail change, sent to the NEW address. */
export function emailChangeMail(input: LinkMailInput): MailMessage {
  return linkMail(
    input,
    EMAIL_CHANGE_MAIL,
    'You asked to use this address for your Print on Demand account. Please confirm it:',
    'The link is valid for 24 hours and works once. Your account keeps its old address until you follow it; ' +
      'you then sign in with this one. If you did not ask for this, ignore this e-mail.',
  );
}

interface NoticeInput {
  to: string;
  firstName: string;
  newEmail: string;
  supportEmail: string;
}

function notice(
  { to, firstName }: { to: string; firstName: string },
  subject: string,
  paragraphs: string[],
): MailMessage {
  const greeting = firstName.trim() === '' ? 'Hi,' : `Hi ${firstName},`;
  return {
    to,
    subject,
    text: [greeting, ...paragraphs].join('\n\n') + '\n',
    html: [greeting, ...paragraphs].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
  };
}

/** To the OLD address when a change is asked for: nothing changes before the new address is confirmed. */
export function emailChangeNoticeMail(input: NoticeInput): MailMessage {
  return notice(input, EMAIL_CHANGE_NOTICE_SUBJECT, [
    `Someone, probably you, asked to change the e-mail address of your Print on Demand account to ${input.newEmail}.`,
    'Nothing changes until the link we sent to that address is followed.',
    `If this was not you, change your password and tell us at ${input.supportEmail}.`,
  ]);
}

/** To the OLD address once the new one is confirmed. */
export function emailChangedMail(input: NoticeInput): MailMessage {
  return notice(input, EMAIL_CHANGED_SUBJECT, [
    `The e-mail address of your Print on Demand account is now ${input.newEmail}; sign in with it from now on.`,
    `If this was not you, tell us at once at ${input.supportEmail}.`,
  ]);
}

export const CONTRACT_MAIL = {
  contract: 'Your signed Print on Demand contract',
  appendix: 'Your signed contract appendix',
  renewal: 'Your re-signed Print on Demand contract',
} as const;

interface ContractMailInput {
  to: string;
  firstName: string;
  bookTitle: string;
  kind: keyof typeof CONTRACT_MAIL;
  /** Where the library shows the book's contract. */
  libraryUrl: string;
  pdf: Uint8Array;
  filename: string;
}

/** The signed contract (or contract with its appendix) of an upload, attached as PDF. */
export function contractMail({ to, firstName, bookTitle, kind, libraryUrl, pdf, filename }: ContractMailInput) {
  const greeting = firstName.trim() === '' ? 'Hi,' : `Hi ${firstName},`;
  const what = {
    contract: 'the contract',
    appendix: 'the contract with its signed appendix',
    renewal: 'the re-signed contract (it replaces the earlier one)',
  }[kind];
  const intro = `Thank you for signing. Attached is ${what} for "${bookTitle}".`;
  const outro = 'You can view it at any time under Your books, in the book’s details (Contract):';
  return {
    to,
    subject: `${CONTRACT_MAIL[kind]}: ${bookTitle}`,
    text: `${greeting}\n\n${intro}\n\n${outro} ${libraryUrl}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
      `<p>${escapeHtml(outro)} <a href="${escapeHtml(libraryUrl)}">${escapeHtml(libraryUrl)}</a></p>`,
    attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
  } satisfies MailMessage;
}

export const LOGIN_NOTIFICATION_SUBJECT = 'New sign-in to your account';
export const TWO_FACTOR_ON_SUBJECT = 'Two-factor authentication was turned on';
export const TWO_FACTOR_OFF_SUBJECT = 'Two-factor authentication was turned off';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `dd-MM-yyyy HH:mm SAST`: South African Standard Time is UTC+2 all year (no daylight saving),
 * so adding two hours gives the same text on every machine, whatever its time zone.
 */
export function formatSast(at: Date): string {
  const local = new Date(at.getTime() + SAST_OFFSET_MS);
  const date = `${pad(local.getUTCDate())}-${pad(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
  return `${date} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} SAST`;
}

interface SecurityNoticeInput {
  to: string;
  firstName: string;
  at: Date;
  /** Where the profile's security settings are (`<PUBLIC_URL>/profile`). */
  profileUrl: string;
  /** Where a password reset starts (`<PUBLIC_URL>/forgot-password`). */
  resetUrl: string;
}

/** A sign-in completed from a browser that held no device cookie of the account. */
export function loginNotificationMail(input: SecurityNoticeInput & { browser: string; address: string }): MailMessage {
  return notice(input, LOGIN_NOTIFICATION_SUBJECT, [
    'Your Print on Demand account was just signed in to from a browser we have not seen it use before.',
    `When: ${formatSast(input.at)}`,
    `Browser: ${input.browser}`,
    `Address: ${input.address}`,
    'If this was you, there is nothing to do.',
    `If it was not, reset your password now at ${input.resetUrl} and turn on two-factor authentication in your profile.`,
    `You can turn these e-mails off under Security in your profile: ${input.profileUrl}`,
  ]);
}

/** Two-factor authentication was turned on or off (always sent: the account's protection changed). */
export function twoFactorChangedMail(input: SecurityNoticeInput & { enabled: boolean }): MailMessage {
  const state = input.enabled ? 'on' : 'off';
  return notice(input, input.enabled ? TWO_FACTOR_ON_SUBJECT : TWO_FACTOR_OFF_SUBJECT, [
    `Two-factor authentication for your Print on Demand account was turned ${state} at ${formatSast(input.at)}.`,
    input.enabled
      ? 'From now on, signing in asks for a code from your authenticator app after your password.'
      : 'Signing in now needs only your password.',
    `If this was not you, reset your password now at ${input.resetUrl} and check the Security settings of your profile: ${input.profileUrl}`,
  ]);
}
