// The starting texts of the legal pages, shown until staff save their own. Written for a
// Uruguayan store under Ley 18.331; staff are expected to have them reviewed and edited.
import type { LegalPageSlug } from '@shared/legal-pages';
import { LEGAL_PAGE_TITLES } from '@shared/legal-pages';

export const DEFAULT_LEGAL_PAGES: Record<LegalPageSlug, { title: string; body: string }> = {
  privacidad: {
    title: LEGAL_PAGE_TITLES.privacidad,
    body: [
      'Tienda trata los datos personales de sus clientes conforme a la Ley N° 18.331 de Protección de Datos Personales y su decreto reglamentario.',
      'Qué datos guardamos: tu nombre, correo electrónico y celular; la razón social y el RUT de tu empresa; las direcciones de envío, los pedidos, las cotizaciones y los mensajes que intercambiamos; y tu suscripción a las novedades, si la pediste.',
      'Para qué los usamos: para responder tus solicitudes de cotización, coordinar las entregas, facturar y, si te suscribiste, enviarte novedades. No los vendemos ni los cedemos a terceros.',
      'Tus derechos: desde Mi cuenta → Privacidad podés descargar tus datos en un archivo y eliminar tu cuenta. Al eliminarla, los pedidos se conservan sin tus datos personales, porque los importes forman parte de nuestra contabilidad.',
      'Para cualquier consulta sobre tus datos, escribinos a la dirección de contacto que figura en la página Nosotros.',
    ].join('\n\n'),
  },
  terminos: {
    title: LEGAL_PAGE_TITLES.terminos,
    body: [
      'Los precios publicados están expresados en dólares estadounidenses y no incluyen IVA.',
      'Una solicitud de cotización no es una compra: reserva el stock pedido mientras la respondemos. Cada cotización indica su total y su fecha de validez; la compra se concreta cuando la aceptás dentro de ese plazo.',
      'En las cuentas de empresa, cada miembro puede tener un límite de compra: si una cotización lo supera, un administrador de la empresa debe aprobarla.',
      'Las entregas y formas de pago se coordinan con un agente una vez aceptada la cotización.',
    ].join('\n\n'),
  },
};
