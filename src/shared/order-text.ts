// Texts of an order that the PDF and the screens write the same way.

type AddressParts = {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/** 'Av. Italia 1234, Apto 5, Montevideo, Montevideo 11300, Uruguay': the parts given, in order. */
export function addressText(address: AddressParts | null): string {
  if (!address) return '';
  const { addressLine1, addressLine2, city, state, postalCode, country } = address;
  const region = [state, postalCode].filter(Boolean).join(' ');
  return [addressLine1, addressLine2, city, region, country].filter(Boolean).join(', ');
}

/** '256 GB / Negro': a line's variant. */
export const variantText = (line: { storage: string; colorName: string }) =>
  [line.storage, line.colorName].filter(Boolean).join(' / ');
