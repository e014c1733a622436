import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

type CompanyFieldsProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: { companyName?: string; rut?: string };
};

/** 'Razón social' and RUT, optional, in the account profile and at checkout. */
export function CompanyFields<T extends FieldValues & { companyName?: string; rut?: string }>({
  register,
  errors,
}: CompanyFieldsProps<T>) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="Razón social (opcional)" htmlFor="companyName" error={errors.companyName}>
        <Input
          id="companyName"
          autoComplete="organization"
          {...register('companyName' as Path<T>)}
        />
      </FormField>
      <FormField label="RUT (opcional)" htmlFor="rut" error={errors.rut}>
        <Input
          id="rut"
          inputMode="numeric"
          placeholder="21 100342 001 7"
          aria-invalid={errors.rut ? true : undefined}
          {...register('rut' as Path<T>)}
        />
      </FormField>
    </div>
  );
}
