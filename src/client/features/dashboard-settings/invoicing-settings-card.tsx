import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, InputField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { cfeMessages } from '@shared/cfe-messages';
import {
  FISCAL_ADDRESS_MAX,
  FISCAL_CITY_MAX,
  INVOICE_ON,
  INVOICE_ON_LABELS,
  type InvoicingSettingsFormValues,
  type InvoicingSettingsInput,
  invoicingSettingsInputSchema,
  URUGUAY_DEPARTMENTS,
} from '@shared/schemas/invoicing-settings';

const FIELDS = [
  'dgiBranchCode',
  'dgiResolution',
  'fiscalAddress',
  'fiscalCity',
  'fiscalDepartment',
  'invoiceOn',
  'uiValue',
] as const;

/**
 * 'Facturación electrónica' on 'Datos de la empresa': what DGI asks of the store as issuer of
 * its e-Facturas besides the razón social and RUT above, and when the invoice is issued. Its
 * own form and button, so it never overwrites the profile's fields.
 */
export function InvoicingSettingsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.admin.store.invoicing.queryOptions());
  const form = useForm<InvoicingSettingsFormValues, unknown, InvoicingSettingsInput>({
    resolver: zodResolver(invoicingSettingsInputSchema),
    defaultValues: { ...data, uiValue: data.uiValue.replace('.', ',') },
  });
  const save = useMutation(
    trpc.admin.store.updateInvoicing.mutationOptions({
      onSuccess: async () => {
        notify.success(cfeMessages.invoicingSettingsSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.store.invoicing.queryKey() });
      },
      onError: (error) => showRefusal(form, error, { fields: FIELDS, toast: true }),
    }),
  );
  const field = fieldBinder(form, { idPrefix: 'cfe-' });
  const department = field('fiscalDepartment');
  const invoiceOn = field('invoiceOn');

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((input) =>
          save.mutate({
            ...input,
            dgiBranchCode: input.dgiBranchCode === null ? '' : String(input.dgiBranchCode),
          }),
        )(event)
      }
    >
      <Card>
        <CardHeader>
          <CardTitle>Facturación electrónica</CardTitle>
          <p className="text-muted-foreground text-sm">
            Los datos de la empresa como emisora de e-Facturas ante DGI, junto a la razón social y
            el RUT de arriba.
          </p>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label="Código de sucursal DGI"
              inputMode="numeric"
              hint="El que DGI asignó al local (CdgDGISucur)."
              {...field('dgiBranchCode')}
            />
            <InputField
              label="Resolución de DGI"
              placeholder="1234/2023"
              hint="La que habilitó a la empresa como emisora: se imprime junto al sello de cada comprobante."
              {...field('dgiResolution')}
            />
            <InputField
              label="Domicilio fiscal"
              maxLength={FISCAL_ADDRESS_MAX}
              fieldClassName="sm:col-span-2"
              {...field('fiscalAddress')}
            />
            <InputField label="Ciudad" maxLength={FISCAL_CITY_MAX} {...field('fiscalCity')} />
            <FormField label="Departamento" htmlFor={department.id} error={department.error}>
              <NativeSelect {...department}>
                <option value="">Elegí un departamento</option>
                {URUGUAY_DEPARTMENTS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Emitir la e-Factura" htmlFor={invoiceOn.id} error={invoiceOn.error}>
              <NativeSelect {...invoiceOn}>
                {INVOICE_ON.map((value) => (
                  <option key={value} value={value}>
                    {INVOICE_ON_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <InputField
              label="Valor de la UI (pesos)"
              inputMode="decimal"
              hint="Al cierre del año anterior (INE): define el tope de 5.000 UI del e-Ticket."
              {...field('uiValue')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              Guardar facturación
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
