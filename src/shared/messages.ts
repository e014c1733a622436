/**
 * Every Spanish text the store shows or answers besides a screen's own labels and headings:
 * errors, refusals, toasts, loading and empty states, by key. Server and client read the same
 * object, so a message is written once.
 */
export const messages = {
  // Authentication and customer data
  invalidCredentials: 'Email o contraseña incorrectos',
  // A step that failed inside the server, told without its cause
  registerFailed: 'Error al registrar el usuario',
  roleRegisterFailed: 'Error al registrar el rol del usuario',
  customerRegisterFailed: 'Error al registrar los datos del usuario',
  sessionFailed: 'Error al obtener la sesión',
  userNotFound: 'No se pudo obtener el usuario',
  variantLoadFailed: 'No se pudo obtener la variante',
  stockUpdateFailed: 'No se pudo actualizar el stock de la variante',
  productCreateUnexpected: 'Error inesperado, Vuelva a intentarlo',
  postAuthorsLoadFailed: 'No se pudieron cargar los autores de los posts.',
  postCoverUrlFailed: 'Error al actualizar la URL de la imagen.',
  userIdFailed: 'Error al obtener el id del usuario',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico',
  signOutFailed: 'Error al cerrar sesión',
  unauthenticated: 'Usuario no autenticado',
  customerNotFound: 'No se pudo obtener el cliente',
  forbidden: 'No tenés permiso para realizar esta acción',
  tooManyRequests: 'Demasiados intentos. Esperá un minuto y volvé a intentarlo.',
  foreignOrigin: 'Solicitud rechazada: origen no permitido',
  accountLocked: 'Demasiados intentos fallidos para esta cuenta. Probá de nuevo en unos minutos.',
  batchTooLarge: 'Demasiadas consultas en una sola solicitud (máximo 10).',
  signedOutEverywhere: 'Cerraste la sesión en todos los dispositivos.',
  signOutEverywhereFailed: 'No se pudo cerrar la sesión en todos los dispositivos.',
  unexpected: 'Ocurrió un error inesperado.',

  // Answers of the HTTP layer itself (malformed requests, unknown addresses)
  badRequest: 'Solicitud inválida',
  invalidJson: 'El contenido enviado no es un JSON válido',
  bodyTooLarge: 'El contenido enviado es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  methodNotAllowed: 'Método no permitido para esta dirección',
  notFound: 'No encontrado',
  invalidCharacters: 'El texto contiene caracteres no permitidos',

  // Orders and stock
  variantNotFound: 'Variante no encontrada',
  insufficientStock: 'Stock insuficiente',
  orderLoadFailed: 'Error al cargar la orden',
  orderNotFound: 'Orden no encontrada',
  orderStatusFailed: 'No se pudo actualizar el estado de la orden',
  quoteFailed: 'No se pudo enviar tu solicitud. Intenta nuevamente.',
  quoteSuccess: '¡Gracias por elegirnos! Un agente se estará comunicando con usted a la brevedad.',
  emptyCart: 'Su carro está vacío',
  revisionNotOpen: 'Solo se puede cotizar un pedido en Cotización o Modificado',
  revisionDateInPast: 'La validez no puede ser anterior a hoy',
  revisionTooLarge: 'El total de la cotización supera el máximo permitido',
  revisionNotAcceptable: 'Esta cotización ya no se puede aceptar. Recargá la página.',
  revisionSent: 'Cotización enviada',
  revisionAccepted: '¡Cotización aceptada! Nos pondremos en contacto para coordinar la entrega.',
  messageSent: 'Mensaje enviado',
  profileSaved: 'Datos guardados',
  mailNotFound: 'Correo no encontrado',
  pricesChanged: 'Los precios cambiaron. Revisá el nuevo total antes de enviar.',
  cartItemGone: 'Un producto del carrito ya no está disponible. Revisá el carrito.',
  cartLineUnavailable: 'Ya no está disponible',
  cartLineSoldOut: 'Agotado',
  tooManyQuotes:
    'Enviaste demasiadas solicitudes de cotización en la última hora. Probá de nuevo más tarde.',

  // Products
  productDeleteDbFailed: 'No se pudo eliminar el producto debido a un error en la base de datos.',
  productNotFound: 'Producto no encontrado',
  productCreateFailed: 'Ocurrió un error al crear el producto',
  productDeleted: 'Producto eliminado correctamente',
  productDeleteFailed: 'Ocurrió un error al eliminar el producto',
  productUpdated: 'Producto actualizado',
  productUpdateFailed: 'Ocurrió un error al actualizar el producto',
  productAdded: 'Producto añadido al carrito',
  productSoldOut: 'Producto agotado',
  stockReadMissing: 'Recargá la página para ver el stock actual antes de guardar',

  // Blog
  postsLoadFailed: 'No se pudieron cargar los posts.',
  postLoadFailed: 'No se pudo cargar el post.',
  postNotFoundPublic: 'Post no encontrado',
  postNotFound: 'No se pudo encontrar el post.',
  postUnauthorized: 'Acción no autorizada. Debes iniciar sesión.',
  postCoverUploadFailed: 'Error al subir la imagen. Se canceló la creación del post.',
  postNewCoverFailed: 'Error al subir la nueva imagen.',
  postDeleteNotFound: 'No se pudo encontrar el post para eliminar.',
  postDeletedImageFailed: 'El post fue borrado, pero hubo un error al eliminar la imagen.',
  postCreated: 'Post creado con éxito',
  postUpdated: 'Post actualizado con éxito',
  postDeleted: 'Post eliminado con éxito',

  // Contact, newsletter and staff inbox
  invalidImage: 'El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)',
  imageTooLarge: 'La imagen supera los 5 MB',
  imageTooManyPixels: 'La imagen es demasiado grande: máximo 25 megapíxeles',
  oneCoverOnly: 'El post admite una sola imagen de portada',
  contactSent: 'Gracias por tu mensaje',
  contactFailed: 'No se pudo enviar tu mensaje. Intentá nuevamente.',
  newsletterSubscribed: '¡Gracias por suscribirte! Te enviaremos nuestras novedades.',
  newsletterFailed: 'No se pudo registrar tu suscripción. Intentá nuevamente.',
  inboxLoadFailed: 'No se pudieron cargar los mensajes.',

  // Dashboard catalogue: products, brands and categories
  productCreated: 'Producto creado',
  invalidForm: 'Formulario inválido',
  productsLoadFailed: 'No se pudieron cargar los productos.',
  productSlugExhausted: 'No hay un slug libre para este nombre: elegí otro slug',
  tooManyImages: 'Máximo 10 imágenes por producto',
  invalidFileName: 'Nombre de archivo inválido',
  uploadMissing: 'Falta el archivo de una de las imágenes nuevas',
  imageNotOwned: 'Una de las imágenes no pertenece a este producto',
  brandMissing: 'La marca elegida ya no existe',
  categoryMissing: 'La categoría elegida ya no existe',
  brandNameTaken: 'Ya existe una marca con ese nombre',
  categoryNameTaken: 'Ya existe una categoría con ese nombre',
  brandInUse: 'No se puede eliminar la marca porque hay productos que la usan',
  categoryInUse: 'No se puede eliminar la categoría porque hay productos que la usan',
  brandNotFound: 'Marca no encontrada',
  brandLogoSaved: 'Logo actualizado',
  brandLogoRemoved: 'Logo quitado',
  brandLogoUploadFailed: 'No se pudo guardar el logo. Intentá de nuevo.',
  oneLogoOnly: 'La marca admite un solo logo',
  logoMissing: 'Elegí una imagen para el logo',
  categoryNotFound: 'Categoría no encontrada',

  // 'Importar CSV' of the catalogue (docs/decisions/043-catalogue-import.md)
  importFileMissing: 'Elegí un archivo CSV para importar',
  importFileTooLarge: 'El archivo supera el máximo de 10 MB',
  importNotCsv: 'El archivo no es un CSV legible: guardalo como CSV UTF-8 y volvé a intentar',
  importEmpty: 'El archivo no tiene filas para importar',
  importTooManyRows: 'El archivo tiene más de 20.000 filas: dividilo en varios archivos',
  importStockReadInvalid: 'Falta la vista previa: volvé a previsualizar el archivo',
  importPreviewFailed: 'No se pudo previsualizar el archivo.',
  importApplyFailed: 'No se pudo aplicar la importación.',
  importImagesChanged:
    'Las imágenes se cambian desde el formulario del producto: dejá la columna imagenes como estaba',
  importNewProductImages:
    'Un producto nuevo se crea sin imágenes: dejá la columna imagenes vacía y agregalas desde su formulario',
  importAmbiguousVariant:
    'El producto tiene más de una variante con ese almacenamiento y color: editalo desde su formulario',
  importTooManyVariants: 'El producto quedaría con más de 50 variantes',

  // Loading, empty and failed states of the screens
  loading: 'Cargando...',
  retry: 'Reintentar',
  checkConnection: 'Revisá tu conexión e intentá nuevamente.',
  listLoadFailed: 'No se pudo cargar la lista.',
  noOrdersYet: 'Todavía no realizaste ningún pedido',
  noOrdersYetHint: 'Cuando solicites una cotización, la verás aquí con su estado.',
  // Spelled as the dashboard's navigation spells it (docs/decisions/042-register-vos.md).
  noOrders: 'Sin Ordenes',
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
  searchPrompt: 'Escriba para buscar',
  searching: 'Buscando',
  searchFailed: 'No se pudo completar la búsqueda.',
  noSearchResults: 'No se encontraron resultados',
  inboxItemNotFound: 'No se encontró el mensaje.',
  postSlugExhausted: 'No se pudo generar un slug único',
  unknownAuthor: 'Autor Desconocido',

  // Texts built from values
  postsLoadErrorToast: (message: string) => `Error al cargar los posts: ${message}`,
  postDeleteErrorToast: (message: string) => `Error al eliminar: ${message}`,
  /** 'N producto(s) encontrado(s) para "term"' or 'N producto(s) disponible(s)'. */
  productsFound: (total: number, search?: string) =>
    search
      ? `${total} producto(s) encontrado(s) para "${search}"`
      : `${total} producto(s) disponible(s)`,
  /** 'Mostrando 13 - 24 de 30 productos'. */
  shopShowing: (range: { first: number; last: number }, total: number) =>
    `Mostrando ${range.first} - ${range.last} de ${total} productos`,
  productCount: (count: number) => (count === 1 ? '1 producto' : `${count} productos`),

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

/** A save whose stock was read before a reservation changed it (see docs/decisions). */
export const stockChangedMessage = (productName: string) =>
  `El stock cambió mientras editabas: ${productName}. Recargá para ver el valor actual.`;

/** Refusal of a quote past the cap of open quotes per customer. */
export const tooManyOpenQuotesMessage = (limit: number) =>
  `Ya tenés ${limit} cotizaciones abiertas, el máximo permitido. Esperá a que respondamos alguna antes de pedir otra.`;

/** A revision past its validity date. */
export const quoteExpiredMessage = (date: string) => `Esta cotización venció el ${date}`;
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

/** Toast text for a failed action: 'Error: {message}'. */
export const errorToast = (message: string) => `Error: ${message}`;

/** Import refusals and row reasons that name what they refer to. */
export const importMessages = {
  missingColumns: (columns: string[]) =>
    `Faltan columnas en el archivo: ${columns.join(', ')}. Usá el archivo de 'Exportar CSV' como modelo.`,
  parseError: (line: number) =>
    `El archivo no se puede leer a partir de la línea ${line}: revisá las comillas de esa fila.`,
  columnCount: (found: number, expected: number) =>
    `La fila tiene ${found} columnas y se esperaban ${expected}`,
  repeatedRow: (line: number) =>
    `La variante ya aparece en la línea ${line} (mismo slug, almacenamiento y color)`,
  productMismatch: (line: number) =>
    `Los datos del producto no coinciden con los de la línea ${line} (mismo slug)`,
  unknownBrand: (name: string) =>
    `La marca «${name}» no existe: marcá 'Crear marcas y categorías nuevas' para crearla`,
  unknownCategory: (name: string) =>
    `La categoría «${name}» no existe: marcá 'Crear marcas y categorías nuevas' para crearla`,
  invalidRows: (count: number) =>
    count === 1
      ? 'El archivo tiene 1 fila con errores: corregila y volvé a previsualizar. No se importó nada.'
      : `El archivo tiene ${count} filas con errores: corregilas y volvé a previsualizar. No se importó nada.`,
  stockChanged: (names: string[]) =>
    `El stock cambió desde la vista previa: ${names.join(', ')}. No se importó nada; volvé a previsualizar el archivo.`,
  catalogChanged:
    'El catálogo cambió desde la vista previa. No se importó nada; volvé a previsualizar el archivo.',
  applied: (counts: { created: number; updated: number; unchanged: number }) =>
    `Importación aplicada: ${counts.created} creadas, ${counts.updated} actualizadas, ${counts.unchanged} sin cambios.`,
};
