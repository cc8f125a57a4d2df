import { escapeHtml } from '../html.js';
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

function notice({ to, firstName }: NoticeInput, subject: string, paragraphs: string[]): MailMessage {
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
