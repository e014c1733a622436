import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { InputField } from '@client/components/ui/form-field';

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
      <InputField
        label="Razón social (opcional)"
        error={errors.companyName}
        id="companyName"
        autoComplete="organization"
        {...register('companyName' as Path<T>)}
      />
      <InputField
        label="RUT (opcional)"
        error={errors.rut}
        id="rut"
        inputMode="numeric"
        placeholder="21 100342 001 7"
        {...register('rut' as Path<T>)}
      />
    </div>
  );
}
