import { useState } from 'react';
import { Button, Modal, usePricesQuery } from '@pod/shared-contracts';
import { ChoiceList } from '../../components/choice-list';
import { StageActions } from '../../components/stage-actions';
import { servicesFor, type ServiceField } from './services';

/** Props of {@link CoverRequirementsForm}. */
export interface CoverRequirementsFormProps {
  /** The draft's format: which services are offered. */
  format: string | undefined;
  /** The stored choices. */
  initial: Partial<Record<ServiceField, boolean>>;
  continueLabel: string;
  onBack: () => void;
  /** Called with the choice of every offered service once the author goes on. */
  onProceed: (chosen: Partial<Record<ServiceField, boolean>>) => void;
}

/**
 * Cover Requirements: a checkbox per additional service of the format (with its price where
 * known). Continue with a service unchecked lists those under "Are you sure you don't need the
 * following services?"; Proceed goes on, Cancel stays (spec section 4).
 */
export function CoverRequirementsForm({
  format,
  initial,
  continueLabel,
  onBack,
  onProceed,
}: CoverRequirementsFormProps) {
  const prices = usePricesQuery();
  const services = servicesFor(format, prices.data);
  const [chosen, setChosen] = useState(initial);
  const [asking, setAsking] = useState(false);
  const unchecked = services.filter((service) => chosen[service.field] !== true);
  const choices = Object.fromEntries(services.map((service) => [service.field, chosen[service.field] === true]));

  return (
    <>
      <ChoiceList
        legend="Additional services"
        type="checkbox"
        choices={services.map((service) => ({
          value: service.field,
          label: service.label,
          description: service.description,
        }))}
        selected={services.filter((service) => chosen[service.field] === true).map((service) => service.field)}
        onToggle={(value, checked) => setChosen((current) => ({ ...current, [value]: checked }))}
      />
      <StageActions
        continueLabel={continueLabel}
        onBack={onBack}
        onContinue={() => (unchecked.length > 0 ? setAsking(true) : onProceed(choices))}
      />
      <Modal
        open={asking}
        title="Are you sure you don't need the following services?"
        onClose={() => setAsking(false)}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button type="button" onClick={() => onProceed(choices)}>
              Proceed
            </Button>
          </>
        }
      >
        <ul aria-label="Services not chosen">
          {unchecked.map((service) => (
            <li key={service.field}>{service.label}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
