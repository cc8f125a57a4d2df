import { formatRand, type Prices } from '@pod/shared-contracts';

/** The draft flags of the additional services (spec section 3 names; heavyGraphics is page 2's eBook flag). */
export const SERVICE_FIELDS = ['thumbnailNeeded', 'coverNeeded', 'conversionNeeded', 'heavyGraphics'] as const;
/** One service's draft flag. */
export type ServiceField = (typeof SERVICE_FIELDS)[number];

/** One additional service as the screen offers it. */
export interface Service {
  field: ServiceField;
  label: string;
  description: string;
}

/** The eBook conversion fee of the price list, or undefined while it is not known. */
function conversionFee(prices: readonly Prices[] | undefined): number | undefined {
  const fee = prices?.[0]?.ebook?.conversionFixed;
  return typeof fee === 'number' && Number.isFinite(fee) ? fee : undefined;
}

/**
 * The additional services of a format (spec section 5, 'Files'): thumbnail design for every
 * book; cover design for print; conversion to .epub and heavy graphics handling for eBooks. A
 * price shows where the price list has one (the eBook conversion's `conversionFixed`, excl. VAT).
 */
export function servicesFor(format: string | undefined, prices: readonly Prices[] | undefined): Service[] {
  const services: Service[] = [
    {
      field: 'thumbnailNeeded',
      label: 'Thumbnail design',
      description: 'We design the thumbnail image that shows your book in online stores.',
    },
  ];
  if (format === 'print') {
    services.push({
      field: 'coverNeeded',
      label: 'Cover design for print',
      description: 'We design the printed cover of your book.',
    });
  }
  if (format === 'ebook') {
    const fee = conversionFee(prices);
    services.push(
      {
        field: 'conversionNeeded',
        label: 'Conversion to .epub',
        description: `We convert your book file (.pdf, .docx or .indd) to .epub${
          fee === undefined ? '.' : `: ${formatRand(fee)} excl. VAT.`
        }`,
      },
      {
        field: 'heavyGraphics',
        label: 'Heavy graphics handling',
        description: 'For an eBook with many images, tables or charts.',
      },
    );
  }
  return services;
}
