import type { LegalText } from './legal-text.js';

/** Sample Terms of Use: the rules for using the portal itself. */
export const TERMS_OF_USE: LegalText = {
  updated: '2026-01-15',
  summary: 'The rules for using the Print on Demand portal and its support chat.',
  sections: [
    {
      heading: '1. Using the portal',
      paragraphs: [
        'The portal is for authors and publishers who use our publishing services. Keep your password to ' +
          'yourself; you are responsible for what is done with your account. Tell us at once if you believe ' +
          'someone else has used it.',
      ],
    },
    {
      heading: '2. Acceptable use',
      paragraphs: [
        'Do not upload unlawful, defamatory or infringing material, malicious files or material you have no ' +
          "right to publish, and do not try to reach other users' information or to disrupt the service. We may " +
          'suspend an account that breaks these rules.',
      ],
    },
    {
      heading: '3. Support chat',
      paragraphs: [
        'The chat is answered during office hours (Monday to Thursday 08:00-17:00, Friday 08:00-16:30). ' +
          'Messages and images you send are kept with your account.',
      ],
    },
    {
      heading: '4. Availability and changes',
      paragraphs: [
        'We aim to keep the portal available at all times but do not guarantee it. We may change these terms; ' +
          'the date above shows the latest version, and continued use after a change means you accept it.',
      ],
    },
  ],
};
