/**
 * Where the router takes an address whose escapes do not decode (router.tsx): no route of its
 * own, so the store's catch-all answers it, with the 'invalid address' screen.
 */
export const BAD_ADDRESS_PATH = '/direccion-invalida';
