import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { InputField } from '@client/components/ui/form-field';
import type { QuoteContactFormValues } from '@shared/schemas/order';

type AddressField = keyof NonNullable<QuoteContactFormValues['address']>;

const FIELDS: { name: AddressField; label: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'addressLine1', label: 'Dirección', autoComplete: 'address-line1', wide: true },
  {
    name: 'addressLine2',
    label: 'Apartamento, oficina (opcional)',
    autoComplete: 'address-line2',
    wide: true,
  },
  { name: 'city', label: 'Ciudad', autoComplete: 'address-level2' },
  { name: 'state', label: 'Departamento / Estado', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Código postal (opcional)', autoComplete: 'postal-code' },
  { name: 'country', label: 'País', autoComplete: 'country-name' },
];

/**
 * The optional shipping address: its rules apply once any field is filled
 * (docs/decisions/019-optional-shipping-address.md).
 */
export function AddressFields({
  register,
  errors,
}: {
  register: UseFormRegister<QuoteContactFormValues>;
  errors: FieldErrors<QuoteContactFormValues>['address'];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => {
        const id = `address-${field.name}`;
        const error = errors?.[field.name]?.message;
        return (
          <InputField
            key={field.name}
            label={field.label}
            error={error}
            fieldClassName={field.wide ? 'sm:col-span-2' : undefined}
            id={id}
            autoComplete={field.autoComplete}
            {...register(`address.${field.name}`)}
          />
        );
      })}
    </div>
  );
}
