import type { LegalText } from './legal-text.js';

/** Sample Terms and Conditions: the agreement for publishing and printing services. */
export const TERMS_AND_CONDITIONS: LegalText = {
  updated: '2026-01-15',
  summary: 'The terms on which Print on Demand prints, publishes and distributes the books of authors and publishers.',
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        'Print on Demand ("we", "us") is a self-publishing service registered in the Republic of South Africa. ' +
          'These terms apply to every author or publisher ("you") who registers an account and submits a book ' +
          'for printing, ebook or audiobook publishing.',
      ],
    },
    {
      heading: '2. Your account and your books',
      paragraphs: [
        'You must give true and complete details when you register and keep them up to date through an update ' +
          'request. You warrant that you own, or have cleared, every right in the books, covers and recordings ' +
          'you submit, and that they do not infringe the rights of others or the laws of South Africa.',
        'Each book is published under its own contract, which you sign in the portal. When your publisher or ' +
          'banking details change, the contracts of your books must be signed again before we continue to pay ' +
          'royalties into the new account.',
      ],
    },
    {
      heading: '3. Prices, payment and VAT',
      paragraphs: [
        'Processing services are paid in advance from your prepaid balance; prices include VAT at 15%. Local ' +
          'books are priced and paid in South African rand, international books in US dollars. A top-up by EFT or ' +
          'card is credited once the payment provider confirms it.',
      ],
    },
    {
      heading: '4. Royalties',
      paragraphs: [
        'Royalties are calculated per copy sold and not returned, as set out in the contract of each book, and ' +
          'are paid quarterly in March, June, September and December into the bank account on record.',
      ],
    },
    {
      heading: '5. Cancellation and liability',
      paragraphs: [
        'You may cancel a book that has not been paid for at any time. Your rights under the Consumer ' +
          'Protection Act 68 of 2008 and the Electronic Communications and Transactions Act 25 of 2002 are not ' +
          'limited by these terms. Otherwise our liability is limited to the fees you paid for the service concerned.',
        'These terms are governed by the law of the Republic of South Africa.',
      ],
    },
  ],
};
