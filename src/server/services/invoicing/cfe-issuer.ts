// The store as the issuer of its documents: the data DGI asks of it (CFE v24 A-C40..C50),
// kept in 'Datos de la empresa' (services/store/invoicing-settings.ts), checked before any
// document is built so a missing field is named in Spanish instead of refused by DGI.
import { cfeIssuerTooLongMessage, cfeMessages } from '@shared/cfe-messages';
import type { CfeIssuer } from './cfe-types';
import { CfeDataError } from './cfe-errors';
import type { StoreIssuer } from '../store/invoicing-settings';

/** DGI's lengths of the text fields the store fills (DGITypes.xsd). */
export const FIELD_MAX = {
  legalName: 150,
  address: 70,
  city: 30,
  department: 30,
  receiverName: 150,
  purchaseOrder: 50,
  itemName: 80,
  deliveryPlace: 100,
} as const;

/** `value` cut to `max` characters: DGI's lengths, for the buyer's data the store cannot edit. */
export const cut = (value: string, max: number) => value.trim().slice(0, max);

/** What the store keeps to issue documents: its data as issuer and its invoicing choices. */
export type IssuerSettings = StoreIssuer;

/** The issuer block, or a CfeDataError naming the first missing or too long field. */
export function checkIssuer(settings: IssuerSettings): CfeIssuer {
  const required = (value: string | null | undefined, message: string) => {
    const text = value?.trim();
    if (!text) throw new CfeDataError(message);
    return text;
  };
  const bounded = (value: string, label: string, max: number) => {
    if (value.length > max) throw new CfeDataError(cfeIssuerTooLongMessage(label, max));
    return value;
  };
  const rut = required(settings.rut, cfeMessages.cfeIssuerRutMissing);
  const legalName = required(settings.legalName, cfeMessages.cfeIssuerLegalNameMissing);
  if (settings.branchCode === null) throw new CfeDataError(cfeMessages.cfeIssuerBranchMissing);
  const fiscalAddress = required(settings.fiscalAddress, cfeMessages.cfeIssuerAddressMissing);
  const city = required(settings.city, cfeMessages.cfeIssuerCityMissing);
  const department = required(settings.department, cfeMessages.cfeIssuerDepartmentMissing);
  return {
    rut,
    legalName: bounded(legalName, 'La razón social', FIELD_MAX.legalName),
    branchCode: settings.branchCode,
    fiscalAddress: bounded(fiscalAddress, 'El domicilio fiscal', FIELD_MAX.address),
    city: bounded(city, 'La ciudad', FIELD_MAX.city),
    department: bounded(department, 'El departamento', FIELD_MAX.department),
    resolution: settings.resolution,
  };
}
