import { escapeHtml } from '../html.js';
import type { MailMessage } from '../plugins/external/mail.js';

/**
 * The e-mails of the account area. Subjects and link texts are fixed (the e2e journeys and the
 * dev mailbox tests look for them); every interpolated value is escaped in the HTML part.
 */
export const VERIFY_MAIL = { subject: 'Verify your Print on Demand account', linkText: 'Verify my account' } as const;
export const RESET_MAIL = { subject: 'Reset your Print on Demand password', linkText: 'Reset my password' } as const;

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

export const CONTRACT_MAIL = {
  contract: 'Your signed Print on Demand contract',
  appendix: 'Your signed contract appendix',
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
  const what = kind === 'contract' ? 'the contract' : 'the contract with its signed appendix';
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
