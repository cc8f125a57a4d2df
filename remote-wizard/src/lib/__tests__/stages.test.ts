import { markStageCompleted, readCompletedStages } from '../completed-stages';
import { nextStage, previousStage, progressPercent, stageIndex, STAGE_ORDER } from '../stages';

beforeEach(() => localStorage.clear());

describe('the stage order', () => {
  it('follows the specification', () => {
    expect(STAGE_ORDER).toEqual([
      'publishing-rights',
      'general-info',
      'calculator',
      'confirm-details',
      'publisher-info',
      'bank-details',
      'accept-terms',
      'contract',
      'upload-type',
      'metadata',
      'confirm-bleed-cover',
      'upload-assets',
      'accept-terms-additional',
      'payment-method',
      'submission-complete',
    ]);
  });

  it('puts the entry points of the details area in the calculator place', () => {
    expect(stageIndex('e-book')).toBe(2);
    expect(stageIndex('audio-book')).toBe(2);
    expect(previousStage('e-book')).toBe('general-info');
    expect(nextStage('audio-book')).toBe('confirm-details');
  });

  it('has nothing before the first stage or after the last', () => {
    expect(previousStage('publishing-rights')).toBeNull();
    expect(nextStage('submission-complete')).toBeNull();
    expect(nextStage('publishing-rights')).toBe('general-info');
  });
});

describe('progressPercent', () => {
  it.each([
    ['publishing-rights', false, 0],
    ['general-info', false, 100 / 9],
    ['general-info', true, 10],
    ['metadata', false, 100],
    ['submission-complete', false, 100],
  ] as const)('%s (raw %s) is %d percent', (stage, raw, percent) => {
    expect(progressPercent(stage, raw)).toBeCloseTo(percent, 10);
  });
});

describe('the completed stages', () => {
  it('are recorded once each under calc_completedSteps', () => {
    markStageCompleted('publishing-rights');
    markStageCompleted('publishing-rights');
    markStageCompleted('general-info');
    expect(readCompletedStages()).toEqual(['publishing-rights', 'general-info']);
    expect(localStorage.getItem('calc_completedSteps')).toBe('["publishing-rights","general-info"]');
  });

  it('count an unreadable or foreign value as none', () => {
    localStorage.setItem('calc_completedSteps', '{not json');
    expect(readCompletedStages()).toEqual([]);
    localStorage.setItem('calc_completedSteps', JSON.stringify(['nowhere', 'calculator', 3]));
    expect(readCompletedStages()).toEqual(['calculator']);
  });
});
