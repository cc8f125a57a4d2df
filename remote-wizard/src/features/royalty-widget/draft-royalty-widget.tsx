import { useCallback, useState } from 'react';
import type { RoyaltyRegion } from '@pod/shared-contracts';
import { writeDraft } from '../../lib/draft-storage';
import { readRoyaltyDraft } from './royalty-draft';
import { RoyaltyWidget } from './royalty-widget';

/** The draft field of each region's selling price (new-book-wizard.md section 3). */
const PRICE_FIELD: Record<RoyaltyRegion, 'bookPrice' | 'internationalBookPrice'> = {
  local: 'bookPrice',
  international: 'internationalBookPrice',
};

/**
 * The royalty widget over the calc_ draft in browser storage, for stages that have no form of
 * their own yet: it reads the draft once, and 'Use minimum price' writes the region's price
 * back to the draft. The page 2 form passes its live values to {@link RoyaltyWidget} instead.
 */
export function DraftRoyaltyWidget({
  progress,
  floating = true,
  onNegativeRoyaltyChange,
}: {
  progress: number;
  floating?: boolean;
  onNegativeRoyaltyChange?: (negative: boolean) => void;
}) {
  const [draft, setDraft] = useState(readRoyaltyDraft);
  const useMinimumPrice = useCallback((region: RoyaltyRegion, price: number) => {
    writeDraft(PRICE_FIELD[region], price.toFixed(2));
    setDraft(readRoyaltyDraft());
  }, []);
  return (
    <RoyaltyWidget
      draft={draft}
      progress={progress}
      floating={floating}
      onNegativeRoyaltyChange={onNegativeRoyaltyChange}
      onUseMinimumPrice={useMinimumPrice}
    />
  );
}
