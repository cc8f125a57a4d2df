import type { LegalText } from './legal-text.js';

/** Sample Data Protection notice under POPIA (Protection of Personal Information Act 4 of 2013). */
export const DATA_PROTECTION: LegalText = {
  updated: '2026-01-15',
  summary:
    'How Print on Demand processes personal information under the Protection of Personal Information Act 4 of 2013 (POPIA).',
  sections: [
    {
      heading: '1. Responsible party and Information Officer',
      paragraphs: [
        'Print on Demand is the responsible party for the personal information processed through the portal. ' +
          'Our Information Officer can be reached at the support address below.',
      ],
    },
    {
      heading: '2. Lawful processing',
      paragraphs: [
        'We process personal information only for the purposes stated in our Privacy Policy, on the grounds ' +
          'POPIA allows: to conclude and perform our contract with you, to comply with the law (for example tax ' +
          'records), or with your consent. We collect no more than those purposes need.',
      ],
    },
    {
      heading: '3. Security safeguards',
      paragraphs: [
        'Passwords are stored only as salted hashes; bank account numbers are masked wherever they are shown; ' +
          'connections are encrypted; and access to personal information is limited to staff who need it. ' +
          'Should a security compromise occur, we will notify you and the Information Regulator as section 22 ' +
          'of POPIA requires.',
      ],
    },
    {
      heading: '4. Cross-border transfers and retention',
      paragraphs: [
        'Information sent outside South Africa (for example to an international retailer of your book) goes ' +
          'only to parties bound by an adequate level of protection. Records are kept for as long as your ' +
          'account is active and afterwards only as long as the law requires.',
      ],
    },
    {
      heading: '5. Your rights',
      paragraphs: [
        'You may ask whether we hold your personal information and for access to it, ask us to correct or ' +
          'delete it, and object to its processing. If you are not satisfied with our answer you may complain ' +
          'to the Information Regulator (South Africa).',
      ],
    },
  ],
};
