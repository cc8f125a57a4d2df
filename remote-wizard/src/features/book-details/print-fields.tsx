import { useForm, useFormState } from 'react-final-form';
import { CUSTOM_SIZE, type PriceConfig, type QuoteResource } from '@pod/shared-contracts';
import { SearchSelect } from '../../components/search-select';
import type { BookDraft } from './book-draft';
import { ChoiceGroup, ChoiceInput } from './choice-fields';
import {
  coverChoices,
  extraHints,
  NO_PAPER_MATCH,
  paperChoices,
  sizeChoices,
  sizeOf,
  TYPE_FIELD,
  TYPE_FIELDS,
  typeOf,
  wholePages,
  type TypeGroup,
} from './page-two-options';
import { ExtraCheckbox, NativeSelect, PriceField, TypedField } from './page-two-fields';

const ORIENTATIONS = [
  ['portrait', 'Portrait'],
  ['landscape', 'Landscape'],
  ['square', 'Square'],
] as const;

/** Paper side: the spec gives only the default id (42), read as printed on both sides. */
export const PAPER_SIDES = [['42', 'Printed on both sides']] as const;
/** Spine options with the spec's thickness hints (section 9). */
export const SPINE_OPTIONS = [
  ['105', 'No spine text (3 mm spine)'],
  ['106', 'Spine text (4 mm spine)'],
] as const;

/** A dimension as typed: digits and a decimal point. */
const dimensionTyping = (value: string | undefined) => (value ?? '').replace(/[^\d.]/g, '').slice(0, 7);

/**
 * The print options of page 2: orientation, size (standard sizes of the regions and orientation,
 * or a custom height and width), colour, cover finish, paper side, spine, each region's paper and
 * cover type, the price of each region and the extras with their costs. A new size, dimension,
 * colour or cover finish clears the chosen paper and cover types (spec section 4).
 */
export function PrintFields({ resources, config }: { resources: readonly QuoteResource[]; config: PriceConfig }) {
  const form = useForm<BookDraft>();
  const { values } = useFormState<BookDraft>({ subscription: { values: true } });
  const hints = extraHints(config);
  const pages = wholePages(values.numPages);
  const regions = { isLocal: values.isLocal === true, isInternational: values.isInternational === true };
  const clearTypes = () => TYPE_FIELDS.forEach((field) => form.change(field, ''));

  const onSizePicked = (value: string) => {
    const size = sizeOf(resources, value);
    form.batch(() => {
      form.change('bookHeight', size ? String(size.height) : '');
      form.change('bookWidth', size ? String(size.width) : '');
      if (size) {
        form.change('orientation', size.orientation);
        form.change('height', '');
        form.change('width', '');
      }
      clearTypes();
    });
  };

  const onOrientationPicked = (orientation: string) => {
    const size = sizeOf(resources, values.size);
    if (!size || size.orientation === orientation) return;
    form.batch(() => {
      form.change('size', '');
      form.change('bookHeight', '');
      form.change('bookWidth', '');
      clearTypes();
    });
  };

  const typeLabel = (group: TypeGroup) => typeOf(resources, group, values[TYPE_FIELD[group]])?.name;
  const paper = (group: 'localPaperTypes' | 'internationalPaperTypes', label: string) => (
    <SearchSelect
      name={TYPE_FIELD[group]}
      label={label}
      options={paperChoices(resources, group, values.color, pages)}
      valueLabel={typeLabel(group)}
      emptyText={NO_PAPER_MATCH}
    />
  );
  const cover = (group: 'localBookTypes' | 'internationalBookTypes', label: string) => (
    <SearchSelect
      name={TYPE_FIELD[group]}
      label={label}
      options={coverChoices(resources, group)}
      valueLabel={typeLabel(group)}
      emptyText={NO_PAPER_MATCH}
    />
  );

  return (
    <>
      <ChoiceGroup legend="Orientation" errorOf="orientation">
        {ORIENTATIONS.map(([value, label]) => (
          <ChoiceInput
            key={value}
            type="radio"
            name="orientation"
            value={value}
            label={label}
            onPick={() => onOrientationPicked(value)}
          />
        ))}
      </ChoiceGroup>
      <SearchSelect
        name="size"
        label="Size"
        options={sizeChoices(resources, regions, values.orientation)}
        valueLabel={sizeOf(resources, values.size)?.name}
        onPick={onSizePicked}
      />
      {values.size === CUSTOM_SIZE ? (
        <>
          <TypedField
            name="height"
            label="Height (mm)"
            parse={dimensionTyping}
            inputMode="decimal"
            onTyped={clearTypes}
          />
          <TypedField
            name="width"
            label="Width (mm)"
            parse={dimensionTyping}
            inputMode="decimal"
            onTyped={clearTypes}
          />
        </>
      ) : null}
      <ChoiceGroup legend="Colour" errorOf="color">
        <ChoiceInput type="radio" name="color" value="Colo" label="Colour" onPick={clearTypes} />
        <ChoiceInput type="radio" name="color" value="B&W" label="Black and white" onPick={clearTypes} />
      </ChoiceGroup>
      <ChoiceGroup legend="Cover finish" errorOf="coverFinish">
        <ChoiceInput type="radio" name="coverFinish" value="Matt" label="Matt" onPick={clearTypes} />
        <ChoiceInput type="radio" name="coverFinish" value="Gloss" label="Gloss" onPick={clearTypes} />
      </ChoiceGroup>
      <NativeSelect name="paperSide" label="Paper side" options={PAPER_SIDES} />
      <NativeSelect name="spineOption" label="Spine" options={SPINE_OPTIONS} />
      {regions.isLocal ? (
        <>
          {paper('localPaperTypes', 'Local paper type')}
          {cover('localBookTypes', 'Local cover type')}
          <PriceField name="bookPrice" />
        </>
      ) : null}
      {regions.isInternational ? (
        <>
          {paper('internationalPaperTypes', 'International paper type')}
          {cover('internationalBookTypes', 'International cover type')}
          <PriceField name="internationalBookPrice" />
        </>
      ) : null}
      <ChoiceGroup legend="Extras">
        <ExtraCheckbox name="heavyGraphics" label="Heavy graphics" hint={hints.heavyGraphics} />
        {regions.isLocal ? (
          <>
            <ExtraCheckbox name="spotUvNeeded" label="Spot UV" hint={hints.spotUvNeeded} />
            <ExtraCheckbox name="duplexNeeded" label="Duplex cover" hint={hints.duplexNeeded} />
            <ExtraCheckbox
              name="softTouchMattLaminationNeeded"
              label="Soft-touch matt lamination"
              hint={hints.softTouchMattLaminationNeeded}
            />
            <ExtraCheckbox name="spiralBoundNeeded" label="Spiral bound" hint={hints.spiralBoundNeeded} />
          </>
        ) : null}
        {regions.isInternational ? (
          <>
            <ExtraCheckbox name="duplexNeededInt" label="Duplex cover (international)" hint={hints.duplexNeededInt} />
            <ExtraCheckbox name="perforationNeededInt" label="Perforation" hint={hints.perforationNeededInt} />
          </>
        ) : null}
      </ChoiceGroup>
    </>
  );
}
