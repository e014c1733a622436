import { InputField } from '@client/components/ui/form-field';
import type { FieldBinding } from '@client/lib/form-fields';

/** 'Razón social' and RUT, optional, in the account profile and at checkout. */
export function CompanyFields({ field }: { field: (name: 'companyName' | 'rut') => FieldBinding }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        label="Razón social (opcional)"
        autoComplete="organization"
        {...field('companyName')}
      />
      <InputField
        label="RUT (opcional)"
        inputMode="numeric"
        placeholder="21 100342 001 7"
        {...field('rut')}
      />
    </div>
  );
}
