// Addresses the Uruguayan way (docs/decisions/081-address-book-and-delivery-choice.md): the 19
// departamentos by their ISO 3166-2:UY code, five-digit postal codes and phone numbers as
// people type them. One module for the forms and the procedures.
import { z } from 'zod';
import { boundedText, requiredText } from './common';

/** The 19 departamentos, alphabetical as a person looks for them, with their ISO 3166-2 code. */
export const DEPARTAMENTOS = [
  { code: 'UY-AR', name: 'Artigas' },
  { code: 'UY-CA', name: 'Canelones' },
  { code: 'UY-CL', name: 'Cerro Largo' },
  { code: 'UY-CO', name: 'Colonia' },
  { code: 'UY-DU', name: 'Durazno' },
  { code: 'UY-FS', name: 'Flores' },
  { code: 'UY-FD', name: 'Florida' },
  { code: 'UY-LA', name: 'Lavalleja' },
  { code: 'UY-MA', name: 'Maldonado' },
  { code: 'UY-MO', name: 'Montevideo' },
  { code: 'UY-PA', name: 'Paysandú' },
  { code: 'UY-RN', name: 'Río Negro' },
  { code: 'UY-RV', name: 'Rivera' },
  { code: 'UY-RO', name: 'Rocha' },
  { code: 'UY-SA', name: 'Salto' },
  { code: 'UY-SJ', name: 'San José' },
  { code: 'UY-SO', name: 'Soriano' },
  { code: 'UY-TA', name: 'Tacuarembó' },
  { code: 'UY-TT', name: 'Treinta y Tres' },
] as const;
export type DepartamentoCode = (typeof DEPARTAMENTOS)[number]['code'];
export const DEPARTAMENTO_CODES = DEPARTAMENTOS.map((d) => d.code) as [
  DepartamentoCode,
  ...DepartamentoCode[],
];

/** 'Paysandú' for 'UY-PA'; a code no longer listed is shown as it is stored. */
export const departamentoName = (code: string) =>
  DEPARTAMENTOS.find((d) => d.code === code)?.name ?? code;

export const SITE_NAME_MAX = 80;
export const STREET_MAX = 120;
export const LOCALITY_MAX = 60;
export const CONTACT_NAME_MAX = 80;
export const DELIVERY_HOURS_MAX = 120;
/** How long a typed phone may be before its digits are read ('+598 (99) 123-456 ' and so). */
export const PHONE_TYPED_MAX = 25;

export const POSTAL_CODE_MESSAGE = 'El código postal tiene 5 dígitos';
export const PHONE_MESSAGE = 'Ingresá un teléfono uruguayo, por ejemplo 099 123 456';
export const DEPARTAMENTO_MESSAGE = 'Elegí el departamento';

const POSTAL_CODE = /^\d{5}$/;
export const isPostalCode = (value: string) => POSTAL_CODE.test(value);

/**
 * The eight digits of a Uruguayan number (its national significant number: 2… Montevideo's
 * landlines, 4… the interior's, 9… mobiles), from any way people write it: '099 123 456',
 * '2900 1234', '+598 99 123 456', '00598 2900-1234', '(099) 123.456'. Null when it is not one.
 */
export function uruguayanPhoneDigits(typed: string): string | null {
  const compact = typed.trim().replace(/[\s.\-()/]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  const isInternational = compact.startsWith('+') || digits.startsWith('00598');
  if (digits.startsWith('00598')) digits = digits.slice(5);
  else if (compact.startsWith('+')) {
    if (!digits.startsWith('598')) return null;
    digits = digits.slice(3);
  } else if (digits.length === 11 && digits.startsWith('598')) digits = digits.slice(3);
  // A mobile written nationally carries the trunk 0 ('099…'); never after +598.
  if (!isInternational && digits.length === 9 && digits.startsWith('09')) digits = digits.slice(1);
  return /^(2\d{7}|4\d{7}|9[1-9]\d{6})$/.test(digits) ? digits : null;
}

/** As people read it back: '099 123 456' for a mobile, '2900 1234' for a landline. */
export function formatUruguayanPhone(digits: string): string {
  if (!/^\d{8}$/.test(digits)) return digits;
  return digits.startsWith('9')
    ? `0${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`
    : `${digits.slice(0, 4)} ${digits.slice(4)}`;
}

/** A phone field: what was typed in, its eight digits out (stored so). */
export const uruguayanPhoneSchema = z
  .string()
  .max(PHONE_TYPED_MAX, PHONE_MESSAGE)
  .transform((typed, ctx) => {
    const digits = uruguayanPhoneDigits(typed);
    if (digits) return digits;
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return z.NEVER;
  });

/** Optional, but five digits when given. */
export const postalCodeSchema = z
  .string()
  .trim()
  .max(10, POSTAL_CODE_MESSAGE)
  .refine((value) => value === '' || isPostalCode(value), POSTAL_CODE_MESSAGE);

export const departamentoSchema = z.enum(DEPARTAMENTO_CODES, { message: DEPARTAMENTO_MESSAGE });

/** Where goods can go: a street address in one departamento. */
const placeFields = {
  street: requiredText(
    STREET_MAX,
    'Ingresá la calle y el número',
    `La calle no debe exceder los ${STREET_MAX} caracteres`,
  ),
  locality: requiredText(
    LOCALITY_MAX,
    'Ingresá la localidad',
    `La localidad no debe exceder los ${LOCALITY_MAX} caracteres`,
  ),
  departamento: departamentoSchema,
  postalCode: postalCodeSchema,
};

/** A delivery site of a company (or of a customer without one): 'Depósito Paysandú'. */
export const deliverySiteInputSchema = z.object({
  name: requiredText(
    SITE_NAME_MAX,
    'Ingresá el nombre del lugar',
    `El nombre no debe exceder los ${SITE_NAME_MAX} caracteres`,
  ),
  ...placeFields,
  phone: uruguayanPhoneSchema,
  contactName: boundedText(
    CONTACT_NAME_MAX,
    `El contacto no debe exceder los ${CONTACT_NAME_MAX} caracteres`,
  ),
  hours: boundedText(
    DELIVERY_HOURS_MAX,
    `El horario no debe exceder los ${DELIVERY_HOURS_MAX} caracteres`,
  ),
});
export type DeliverySiteFormValues = z.input<typeof deliverySiteInputSchema>;
export type DeliverySiteInput = z.output<typeof deliverySiteInputSchema>;

export const emptyDeliverySite: DeliverySiteFormValues = {
  name: '',
  street: '',
  locality: '',
  departamento: '' as DepartamentoCode,
  postalCode: '',
  phone: '',
  contactName: '',
  hours: '',
};

/** The company's domicilio fiscal, printed beside its razón social and RUT. */
export const fiscalAddressInputSchema = z.object(placeFields);
export type FiscalAddressFormValues = z.input<typeof fiscalAddressInputSchema>;
export type FiscalAddressInput = z.output<typeof fiscalAddressInputSchema>;

/** 'Av. Italia 1234, Montevideo, Montevideo (11300)': one line of a site or domicilio. */
export function placeText(place: {
  street: string;
  locality: string;
  departamento: string;
  postalCode?: string | null;
}): string {
  const code = place.postalCode ? ` (${place.postalCode})` : '';
  return `${place.street}, ${place.locality}, ${departamentoName(place.departamento)}${code}`;
}
