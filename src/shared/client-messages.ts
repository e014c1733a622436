/**
 * Every Spanish text the browser shows besides a screen's own labels and headings: errors,
 * refusals, toasts, loading and empty states, by key. The server reads them too, through
 * messages.ts, which adds the texts only the server answers with: the browser's bundle
 * carries only these.
 */
import { formatCount } from './format';

/** A count that may stop at a cap (CappedPage in page.ts). */
type CountedPage = { total: number; isTotalCapped: boolean };

export const messages = {
  // Authentication and customer data
  signOutFailed: 'Error al cerrar sesión',
  signedOutEverywhere: 'Cerraste la sesión en todos los dispositivos.',
  signOutEverywhereFailed: 'No se pudo cerrar la sesión en todos los dispositivos.',
  unexpected: 'Ocurrió un error inesperado.',
  /** A name printed on a quote with a character its PDF cannot draw (schemas/common.ts). */
  documentTextRefused: 'Usá solo letras, números y signos comunes',

  // Orders and stock
  orderLoadFailed: 'Error al cargar la orden',
  orderNotFoundPublic: 'Pedido no encontrado',
  orderStatusFailed: 'No se pudo actualizar el estado de la orden',
  quoteFailed: 'No se pudo enviar tu solicitud. Intentá nuevamente.',
  quoteSuccess: '¡Gracias por elegirnos! Un agente se va a comunicar con vos a la brevedad.',
  emptyCart: 'Tu carro está vacío',
  revisionSent: 'Cotización enviada',
  revisionAccepted: '¡Cotización aceptada! Nos pondremos en contacto para coordinar la entrega.',
  renewalRequested: 'Le pedimos a la tienda una nueva cotización. Te avisamos por correo.',
  renewalAlreadyRequested: (date: string) =>
    `Pediste la renovación el ${date}. Te avisamos por correo cuando esté.`,
  messageSent: 'Mensaje enviado',
  profileSaved: 'Datos guardados',
  capSaved: 'Tope del cliente guardado',
  capReset: 'El cliente vuelve al tope general',
  capFailed: 'No se pudo guardar el tope del cliente',
  cartLineUnavailable: 'Ya no está disponible',
  cartLineSoldOut: 'Agotado',

  // Products
  productNotFound: 'Producto no encontrado',
  productCreateFailed: 'Ocurrió un error al crear el producto',
  productDeleted: 'Producto eliminado correctamente',
  productDeleteFailed: 'Ocurrió un error al eliminar el producto',
  productUpdated: 'Producto actualizado',
  productUpdateFailed: 'Ocurrió un error al actualizar el producto',
  productAdded: 'Producto añadido al carrito',
  productSoldOut: 'Producto agotado',

  // Blog
  postsLoadFailed: 'No se pudieron cargar los posts.',
  postLoadFailed: 'No se pudo cargar el post.',
  postNotFoundPublic: 'Post no encontrado',
  postNotFound: 'No se pudo encontrar el post.',
  postDeletedImageFailed: 'El post fue borrado, pero hubo un error al eliminar la imagen.',
  postCreated: 'Post creado con éxito',
  postUpdated: 'Post actualizado con éxito',
  postDeleted: 'Post eliminado con éxito',

  // Contact, newsletter and staff inbox
  invalidImage: 'El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)',
  imageTooLarge: 'La imagen supera los 5 MB',
  contactSent: 'Gracias por tu mensaje',
  contactFailed: 'No se pudo enviar tu mensaje. Intentá nuevamente.',
  newsletterSubscribed: '¡Gracias por suscribirte! Te enviaremos nuestras novedades.',
  newsletterFailed: 'No se pudo registrar tu suscripción. Intentá nuevamente.',
  inboxLoadFailed: 'No se pudieron cargar los mensajes.',

  // Dashboard catalogue: products, brands and categories
  productCreated: 'Producto creado',
  productsLoadFailed: 'No se pudieron cargar los productos.',
  brandLogoSaved: 'Logo actualizado',
  brandLogoRemoved: 'Logo quitado',
  storeProfileSaved: 'Datos de la empresa guardados',
  storeLogoSaved: 'Logo de la empresa actualizado',
  storeLogoRemoved: 'Logo de la empresa quitado',

  // Amounts typed in any money or discount field (src/shared/money-input.ts)
  moneyInputInvalid: 'Escribí el importe como 1.150,50',
  moneyInputEmpty: 'Ingresá un importe',
  moneyInputNegative: 'El importe no puede ser negativo',
  discountInputInvalid: 'Escribí el descuento como 12,5',

  // Loading, empty and failed states of the screens
  loading: 'Cargando...',
  retry: 'Reintentar',
  checkConnection: 'Revisá tu conexión e intentá nuevamente.',
  listLoadFailed: 'No se pudo cargar la lista.',
  noOrdersYet: 'Todavía no realizaste ningún pedido',
  noOrdersYetHint: 'Cuando solicites una cotización, la verás aquí con su estado.',
  // Spelled as the dashboard's navigation spells it (docs/decisions/042-register-vos.md).
  noOrders: 'No hay órdenes',
  noOrdersWithStatus: 'Ninguna orden tiene este estado.',
  noOrdersMatching: 'Ninguna orden coincide con la búsqueda o las fechas elegidas.',
  invalidDay: 'Ingresá una fecha válida',
  dayRangeReversed: 'La fecha Hasta no puede ser anterior a la fecha Desde',
  noOrdersHint: 'Las cotizaciones de los clientes aparecerán aquí.',
  noPostsOnPage: 'No hay posts en esta página',
  noPostsYet: 'Todavía no hay posts publicados',
  noPostsYetHint: 'Volvé pronto: estamos preparando novedades.',
  postNotPublished: 'El post que buscás no existe o ya no está publicado.',
  noAdminPosts: 'Todavía no hay posts',
  noAdminPostsHint: "Creá el primero con el botón 'Crear Nuevo Post'.",
  productMissingHint: 'Puede que haya sido eliminado o que el enlace no sea correcto.',
  productUnavailable: 'El producto que buscás no existe o ya no está disponible.',
  noProducts: 'No hay productos',
  /** The shop's results heading, for screen readers: the cards' titles are headings under it. */
  shopResultsHeading: 'Productos',
  noProductsFound: 'No se encontraron productos',
  noProductsFoundHint: 'Probá con otra búsqueda o quitá algunos filtros.',
  searchPrompt: 'Escribí para buscar',
  searching: 'Buscando',
  searchFailed: 'No se pudo completar la búsqueda.',
  noSearchResults: 'No se encontraron resultados',

  // Texts built from values
  postsLoadErrorToast: (message: string) => `Error al cargar los posts: ${message}`,
  postDeleteErrorToast: (message: string) => `Error al eliminar: ${message}`,
  /** 'N producto(s) encontrado(s) para "term"' or 'N producto(s) disponible(s)'. */
  productsFound: (total: number, search?: string) =>
    search
      ? `${formatCount(total)} producto(s) encontrado(s) para "${search}"`
      : `${formatCount(total)} producto(s) disponible(s)`,
  /**
   * The shop's count above its cards: exact ('N producto(s) disponible(s)'), or past the count's
   * cap 'Más de 10.000 productos disponibles' (docs/decisions/067-*.md).
   */
  shopProductsFound: (page: CountedPage, search?: string) =>
    page.isTotalCapped
      ? `Más de ${formatCount(page.total)} productos ${search ? `encontrados para "${search}"` : 'disponibles'}`
      : messages.productsFound(page.total, search),
  /** 'Mostrando 13 - 24 de 30 productos', or '... de más de 10.000 productos'. */
  shopShowing: (range: { first: number; last: number }, page: CountedPage) =>
    `Mostrando ${formatCount(range.first)} - ${formatCount(range.last)} de ${page.isTotalCapped ? 'más de ' : ''}${formatCount(page.total)} productos`,
  /** Under the last page the shop reaches when there are more matches than it shows. */
  shopWindowEnd: (shown: number, search?: string) =>
    search
      ? `Mostramos hasta ${formatCount(shown)} resultados por búsqueda. Para ver otros, agregá palabras a la búsqueda o elegí una marca, una categoría o un rango de precios.`
      : `Mostramos hasta ${formatCount(shown)} productos por listado. Para ver otros, buscá por nombre o elegí una marca, una categoría o un rango de precios.`,
  /** A page past the last one (a link typed by hand or an old one). */
  shopPageEmpty: 'No hay productos en esta página',
  shopPageEmptyHint: (pageCount: number) =>
    pageCount === 1
      ? 'Esta lista tiene una sola página.'
      : `Esta lista llega hasta la página ${formatCount(pageCount)}.`,
  goToPage: (page: number) => `Ir a la página ${formatCount(page)}`,
  /** The search sheet's count of variants: '24 resultados' or 'Más de 2.000 resultados'. */
  searchResultsCount: (page: CountedPage) =>
    `${page.isTotalCapped ? 'Más de ' : ''}${formatCount(page.total)} resultados`,
  /** Under the search sheet's last page when the search matched more than it shows. */
  searchWindowEnd: 'Hay más coincidencias: agregá palabras para acotar la búsqueda.',
  productCount: (count: number) => (count === 1 ? '1 producto' : `${count} productos`),
  /** Under the revision editor's totals while some lines' figures do not read. */
  revisionLinesLeftOut: (count: number) =>
    count === 1 ? 'No incluye 1 línea por corregir' : `No incluye ${count} líneas por corregir`,

  /** The words of the brands and categories lists, so one component serves both. */
  taxonomy: {
    brand: {
      title: 'Marcas',
      newLabel: 'Nueva marca',
      placeholder: 'Nombre de la marca',
      added: 'Marca agregada',
      renamed: 'Marca actualizada',
      deleted: 'Marca eliminada',
      deleteTitle: (name: string) => `¿Eliminar la marca "${name}"?`,
      empty: 'Todavía no hay marcas',
    },
    category: {
      title: 'Categorías',
      newLabel: 'Nueva categoría',
      placeholder: 'Nombre de la categoría',
      added: 'Categoría agregada',
      renamed: 'Categoría actualizada',
      deleted: 'Categoría eliminada',
      deleteTitle: (name: string) => `¿Eliminar la categoría "${name}"?`,
      empty: 'Todavía no hay categorías',
    },
  },
} as const;

/** A revision past its validity date. */
export const quoteExpiredMessage = (date: string) => `Esta cotización venció el ${date}`;

/**
 * Why an order stopped, as the customer and staff read it (docs/decisions/049-quote-expiry.md):
 * the status line of an expired quote, and of a request the hold job cancelled unanswered.
 */
export const expiredOnMessage = (date: string) => `Venció el ${date}`;
/** acceptRevision's refusal of an expired quote: what happened and what the customer can do. */
export const quoteExpiredRefusal = (date: string) =>
  `Esta cotización venció el ${date} y ya no se puede aceptar. Pedí la renovación desde tu pedido.`;
export const HOLD_RELEASED_REASON =
  'Cancelada: no pudimos responder a tiempo. Escribinos y la retomamos.';

/** A cart line whose price changed since it was added: 'Precio actualizado: antes US$ 1.049,00'. */
export const priceUpdatedMessage = (previousPrice: string) =>
  `Precio actualizado: antes ${previousPrice}`;

/** Why the quote cannot be sent yet, naming the lines to remove. */
export const cartBlockedMessage = (productNames: string[]) =>
  `Quitá del carrito lo que ya no está disponible para poder enviar la cotización: ${productNames.join(', ')}.`;

/** Adding more than the stock left, counting what the cart already holds. */
export const stockLimitMessage = (stock: number, inCart: number) =>
  inCart > 0
    ? `Solo quedan ${stock} unidades en stock y ya tenés ${inCart} en el carrito.`
    : `Solo quedan ${stock} unidades en stock.`;

/** A typed quantity above what one quote line takes (QUOTE_MAX_QUANTITY). */
export const quantityCapMessage = (cap: number) =>
  `Podés pedir hasta ${cap} unidades por producto.`;

/** A typed quantity that is empty, zero or not a whole number. */
export const quantityInvalidMessage = (max: number) =>
  `Escribí una cantidad entera entre 1 y ${max}.`;

/** Toast text for a failed action: 'Error: {message}'. */
export const errorToast = (message: string) => `Error: ${message}`;
