// 'Facturación electrónica' in 'Datos de la empresa' (/dashboard/ajustes): the store as the
// issuer of its fiscal documents, beside its razón social and RUT, and when it invoices
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { z } from 'zod';
import { boundedText } from './common';

/** Uruguay's departamentos, as DGI's Departamento field names them. */
export const URUGUAY_DEPARTMENTS = [
  'Artigas',
  'Canelones',
  'Cerro Largo',
  'Colonia',
  'Durazno',
  'Flores',
  'Florida',
  'Lavalleja',
  'Maldonado',
  'Montevideo',
  'Paysandú',
  'Río Negro',
  'Rivera',
  'Rocha',
  'Salto',
  'San José',
  'Soriano',
  'Tacuarembó',
  'Treinta y Tres',
] as const;

/** DGI's lengths of the issuer's domicilio fiscal and city (CFE v24 A-C48, A-C49). */
export const FISCAL_ADDRESS_MAX = 70;
export const FISCAL_CITY_MAX = 30;
export const DGI_BRANCH_CODE_MAX = 9999;

/** DGI's resolution admitting the issuer, as it is printed: number/year ('1234/2023'). */
export const DGI_RESOLUTION_PATTERN = /^\d{1,6}\/\d{4}$/;
const DGI_RESOLUTION_MESSAGE = 'Escribí la resolución de DGI como número/año (1234/2023)';

export const INVOICE_ON = ['acceptance', 'dispatch'] as const;
export const INVOICE_ON_LABELS: Record<(typeof INVOICE_ON)[number], string> = {
  acceptance: 'Al aceptar la cotización',
  dispatch: 'Al despachar la mercadería',
};

/** The UI's value the store starts with: staff set DGI's figure for the year. */
export const DEFAULT_UI_VALUE = '6.4000';

const UI_VALUE_MESSAGE = 'Ingresá el valor de la UI en pesos, con hasta 4 decimales (6,1234)';

export const invoicingSettingsInputSchema = z.object({
  // Blank until DGI assigns it: documents wait, naming it, until staff type it.
  dgiBranchCode: z
    .string()
    .max(10, `El código de sucursal DGI es un número de 0 a ${DGI_BRANCH_CODE_MAX}`)
    .trim()
    .refine((value) => value === '' || /^\d{1,4}$/.test(value), {
      message: `El código de sucursal DGI es un número de 0 a ${DGI_BRANCH_CODE_MAX}`,
    })
    .transform((value) => (value === '' ? null : Number(value))),
  // Printed beside the seal of every CFE ('Res. 1234/2023'); blank until staff type it.
  dgiResolution: z
    .string()
    .max(20, DGI_RESOLUTION_MESSAGE)
    .trim()
    .refine((value) => value === '' || DGI_RESOLUTION_PATTERN.test(value), DGI_RESOLUTION_MESSAGE),
  fiscalAddress: boundedText(
    FISCAL_ADDRESS_MAX,
    `El domicilio fiscal no debe exceder los ${FISCAL_ADDRESS_MAX} caracteres`,
  ),
  fiscalCity: boundedText(
    FISCAL_CITY_MAX,
    `La ciudad no debe exceder los ${FISCAL_CITY_MAX} caracteres`,
  ),
  fiscalDepartment: z
    .string()
    .max(40, 'Elegí un departamento de la lista')
    .refine(
      (value) => value === '' || (URUGUAY_DEPARTMENTS as readonly string[]).includes(value),
      'Elegí un departamento de la lista',
    ),
  invoiceOn: z.enum(INVOICE_ON, 'Elegí cuándo se emite la factura'),
  uiValue: z
    .string()
    .max(20, UI_VALUE_MESSAGE)
    .trim()
    .transform((value) => value.replace(',', '.'))
    .refine((value) => /^\d{1,3}(\.\d{1,4})?$/.test(value) && Number(value) > 0, UI_VALUE_MESSAGE),
});
export type InvoicingSettingsFormValues = z.input<typeof invoicingSettingsInputSchema>;
export type InvoicingSettingsInput = z.output<typeof invoicingSettingsInputSchema>;
