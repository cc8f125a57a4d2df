import { DateField, Field, fieldControlClassName } from '@pod/shared-contracts';
import { BookPicker, type BookOption } from './book-picker';
import { RANGE_PRESETS, type RangePreset } from './range-presets';
import { CUSTOM_RANGE_MESSAGE, type Granularity, type ReportFilters } from './report-filters';
import styles from './reports.module.css';

/** A select's choices: '' is 'All'. */
export interface Choice {
  value: string;
  label: string;
}

/** Props of {@link ReportFiltersForm}. */
export interface ReportFiltersFormProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  books: readonly BookOption[];
  channels: readonly Choice[];
  regions: readonly Choice[];
  /** True when a custom range is chosen but not complete (both days, in order). */
  rangeInvalid: boolean;
}

const GRANULARITIES: readonly { value: Granularity; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} className={fieldControlClassName} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The reports' filters, every control labelled: date range (three presets and Custom, whose
 * two day fields appear with it), granularity, channel, region and the books to compare.
 * Changes apply at once (no submit): the queries are keyed by the filters.
 */
export function ReportFiltersForm({
  filters,
  onChange,
  books,
  channels,
  regions,
  rangeInvalid,
}: ReportFiltersFormProps) {
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  return (
    <form aria-label="Report filters" className={styles.section} onSubmit={(event) => event.preventDefault()}>
      <div className={styles.filters}>
        <Select
          label="Date range"
          value={filters.preset}
          options={RANGE_PRESETS}
          onChange={(value) => set({ preset: value as RangePreset })}
        />
        {filters.preset === 'custom' ? (
          <>
            <DateField label="From" value={filters.customFrom} onChange={(customFrom) => set({ customFrom })} />
            <DateField
              label="To"
              value={filters.customTo}
              min={filters.customFrom || undefined}
              onChange={(customTo) => set({ customTo })}
            />
          </>
        ) : null}
        <Select
          label="Granularity"
          value={filters.granularity}
          options={GRANULARITIES}
          onChange={(value) => set({ granularity: value as Granularity })}
        />
        <Select label="Channel" value={filters.channel} options={channels} onChange={(channel) => set({ channel })} />
        <Select label="Region" value={filters.region} options={regions} onChange={(region) => set({ region })} />
      </div>
      {filters.preset === 'custom' && rangeInvalid ? <p className={styles.limit}>{CUSTOM_RANGE_MESSAGE}</p> : null}
      <div className={styles.section}>
        <BookPicker books={books} selected={filters.bookIds} onChange={(bookIds) => set({ bookIds })} />
      </div>
    </form>
  );
}
