import type * as React from 'react';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { DEPARTAMENTOS } from '@shared/schemas/uy-address';

/** 'Departamento': the 19, stored by their ISO code ('UY-PA'); bound like an InputField. */
export function DepartamentoField({
  id,
  error,
  ...select
}: React.ComponentProps<'select'> & { id: string; error?: string }) {
  return (
    <FormField label="Departamento" htmlFor={id} error={error}>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">Elegí el departamento</option>
        {DEPARTAMENTOS.map((d) => (
          <option key={d.code} value={d.code}>
            {d.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
