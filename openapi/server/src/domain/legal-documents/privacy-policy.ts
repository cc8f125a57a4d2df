import type { LegalText } from './legal-text.js';

/** Sample Privacy Policy: what personal information the portal collects and why. */
export const PRIVACY_POLICY: LegalText = {
  updated: '2026-01-15',
  summary: 'What personal information Print on Demand collects, why, and who it is shared with.',
  sections: [
    {
      heading: '1. What we collect',
      paragraphs: [
        'Your name, e-mail address and telephone number; your publisher details; the bank details royalties ' +
          'are paid into; the books, covers, recordings and signed contracts you upload; your orders, payments ' +
          'and messages to support; and technical records of your sign-ins (date, time and device address).',
      ],
    },
    {
      heading: '2. Why we use it',
      paragraphs: [
        'To run your account, print and distribute your books, calculate and pay royalties, process payments, ' +
          'answer your questions and keep the service secure. We do not sell your personal information and do ' +
          'not use it for direct marketing without your consent.',
      ],
    },
    {
      heading: '3. Who we share it with',
      paragraphs: [
        'Printers and retailers that sell your books receive the book details they need; payment providers ' +
          'receive what a payment needs; our bank receives the details of royalty payments. Each is bound to ' +
          'keep the information confidential and to use it only for that purpose.',
      ],
    },
    {
      heading: '4. Cookies and storage',
      paragraphs: [
        'The portal keeps your sign-in tokens and preferences in your browser so that you stay signed in. It ' +
          'uses no advertising or tracking cookies.',
      ],
    },
    {
      heading: '5. Your choices',
      paragraphs: [
        'You may ask for a copy of your information, its correction or its deletion at any time; see our Data ' +
          'Protection notice for how your rights under POPIA are handled.',
      ],
    },
  ],
};
