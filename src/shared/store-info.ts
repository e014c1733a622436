/** Opening hours shown on /nosotros (docs/product.md#nosotros). */
export const OPENING_HOURS = [
  { days: 'Lunes a Viernes', hours: '8:00 - 20:00' },
  { days: 'Sábado', hours: '10:00 - 17:00' },
] as const;

export const whatsappLink = (number: string, text = 'Hola, quisiera hacer una consulta.') =>
  `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
