import { useState } from 'react';
import { Button, Card, DetailsList, formatRand, useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { readDraft } from '../lib/draft-storage';
import type { BasePath } from '../lib/stages';
import { useBrowserBackPrompt } from '../lib/use-browser-back-prompt';
import { LeaveForDashboard } from '../features/submission/leave-prompt';
import { flowName } from './flow-name';

/** The stored total cost, when it is a number (the quote's `totalCost`). */
function readTotalCost(): number | null {
  const value = readDraft<unknown>('totalCost', null);
  const cost = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof cost === 'number' && Number.isFinite(cost) ? cost : null;
}

/**
 * `{base}/submission-complete`: the cart confirmation. The book's title and total cost (the
 * quote's `calc_totalCost`, in R) and 'Go to cart' (/checkout/cart). The browser's back button
 * opens a prompt to go to the dashboard instead of stepping back into the wizard. Leaving replaces
 * the prompt's guard entry, so back from the cart lands here once.
 */
export function SubmissionCompleteScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Submission complete`);
  const [title] = useState(() => {
    const value = readDraft<unknown>('title', '');
    return typeof value === 'string' ? value : '';
  });
  const [totalCost] = useState(readTotalCost);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  useBrowserBackPrompt(() => setLeaving(true));
  return (
    <>
      <h1>Submission complete</h1>
      <WizardProgress stage="submission-complete" />
      <Card title="Added to your cart" size="spacious">
        <p>Your book has been added to your cart. Pay for it in the cart to complete your submission.</p>
        <DetailsList
          items={[
            { label: 'Book title', value: title || 'Your book' },
            { label: 'Total cost', value: totalCost === null ? 'Shown in your cart' : formatRand(totalCost) },
          ]}
        />
        <Button type="button" onClick={() => navigate('/checkout/cart', { replace: true })}>
          Go to cart
        </Button>
      </Card>
      <LeaveForDashboard open={leaving} onStay={() => setLeaving(false)} />
    </>
  );
}
