import { useRef, type ReactNode } from 'react';
import { Form, FormSpy, type FormRenderProps } from 'react-final-form';
import { focusFirstError } from '../lib/focus-first-error';
import { LOCKED_NOTE } from '../lib/saved-profile';
import { LockedNote } from './profile-fields';

/** What the fields of a {@link ProfileForm} get: react-final-form's render props and the form element. */
export type ProfileFormRender<V> = FormRenderProps<V> & { formElement: () => HTMLFormElement | null };

/** Props of {@link ProfileForm}. */
export interface ProfileFormProps<V> {
  initialValues: V;
  validate: (values: V) => object | undefined;
  onSubmit: (values: V) => void;
  /** Every change, for the draft in browser storage. */
  onChange: (values: V) => void;
  /** Whether any field is locked by the saved profile: the spec's note is shown once, above them. */
  anyLocked: boolean;
  className?: string;
  children: (props: ProfileFormRender<V>) => ReactNode;
}

/**
 * The form of the publisher and bank stages: validated on Continue with the first failing
 * field focused (spec section 5: 'scroll to first error'), every change kept in the draft, and
 * the lock note when a saved profile fixes some fields.
 */
export function ProfileForm<V extends object>({
  initialValues,
  validate,
  onSubmit,
  onChange,
  anyLocked,
  className,
  children,
}: ProfileFormProps<V>) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form<V>
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => onSubmit(values)}
      render={(props) => (
        <form
          ref={formRef}
          className={className}
          noValidate
          onSubmit={(event) => {
            void props.handleSubmit(event);
            if (props.form.getState().hasValidationErrors) focusFirstError(formRef.current);
          }}
        >
          <FormSpy<V> subscription={{ values: true }} onChange={({ values }) => onChange(values)} />
          {anyLocked ? <LockedNote>{LOCKED_NOTE}</LockedNote> : null}
          {children({ ...props, formElement: () => formRef.current })}
        </form>
      )}
    />
  );
}
