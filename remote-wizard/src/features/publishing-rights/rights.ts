/**
 * The publishing-rights questionnaire (new-book-wizard.md section 4): ownership leads to a
 * copyright question (no = allowed, yes = blocked); otherwise public domain leads to a choice
 * of reproduction or compilation. Either must resolve before the wizard continues.
 */

/** The copyright warning of the error catalogue, verbatim. */
export const COPYRIGHT_WARNING =
  'It appears you do not own the necessary publishing rights to proceed with this title.';
/** The copyright-choice message of the validation rules, verbatim. */
export const SELECT_OPTION_MESSAGE = 'Please select an option above to continue';

/** Which of the two checkboxes is ticked; they exclude each other. */
export type RightsBasis = 'owner' | 'public-domain';
/** The answer to the copyright question: has anyone else been given the rights? */
export type CopyrightAnswer = 'yes' | 'no';
/** What a public-domain title is. */
export type PublicDomainKind = 'reproduction' | 'compilation';

/** The questionnaire's answers; null means not answered. */
export interface RightsAnswers {
  basis: RightsBasis | null;
  copyright: CopyrightAnswer | null;
  publicDomainKind: PublicDomainKind | null;
}

/** Nothing answered. */
export const NO_ANSWERS: RightsAnswers = { basis: null, copyright: null, publicDomainKind: null };

/** Where the answers stand: still open, good to continue, or blocked by the copyright answer. */
export type RightsOutcome = 'unresolved' | 'allowed' | 'blocked';

/** The outcome of a set of answers. */
export function rightsOutcome(answers: RightsAnswers): RightsOutcome {
  if (answers.basis === 'owner') {
    if (answers.copyright === 'yes') return 'blocked';
    return answers.copyright === 'no' ? 'allowed' : 'unresolved';
  }
  if (answers.basis === 'public-domain') return answers.publicDomainKind ? 'allowed' : 'unresolved';
  return 'unresolved';
}

/** Answers read back from storage, or none when they are not a well-formed set. */
export function parseAnswers(value: unknown): RightsAnswers {
  if (!value || typeof value !== 'object') return NO_ANSWERS;
  const { basis, copyright, publicDomainKind } = value as Record<string, unknown>;
  return {
    basis: basis === 'owner' || basis === 'public-domain' ? basis : null,
    copyright: copyright === 'yes' || copyright === 'no' ? copyright : null,
    publicDomainKind:
      publicDomainKind === 'reproduction' || publicDomainKind === 'compilation' ? publicDomainKind : null,
  };
}
