/** Spanish user-facing texts of SPEC.md §8 (as amended by DECISIONS.md), by key. */
export const messages = {
  // Authentication and customer data
  invalidCredentials: 'Email o contraseña incorrectos',
  registerFailed: 'Error al registrar el usuario',
  userIdFailed: 'Error al obtener el id del usuario',
  roleRegisterFailed: 'Error al registrar el rol del usuario',
  customerRegisterFailed: 'Error al registrar los datos del usuario',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico',
  signOutFailed: 'Error al cerrar sesión',
  sessionFailed: 'Error al obtener la sesión',
  userDataFailed: 'Error al obtener los datos del usuario',
  roleFailed: 'Error al obtener el rol del usuario',
  userNotFound: 'No se pudo obtener el usuario',
  unauthenticated: 'Usuario no autenticado',
  customerNotFound: 'No se pudo obtener el cliente',
  forbidden: 'No tienes permiso para realizar esta acción',
  tooManyRequests: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
  foreignOrigin: 'Solicitud rechazada: origen no permitido',
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
  variantLoadFailed: 'No se pudo obtener la variante',
  variantNotFound: 'Variante no encontrada',
  insufficientStock: 'Stock insuficiente',
  stockUpdateFailed: 'No se pudo actualizar el stock de la variante',
  orderLoadFailed: 'Error al cargar la orden',
  orderNotFound: 'Orden no encontrada',
  orderStatusFailed: 'No se pudo actualizar el estado de la orden',
  quoteFailed: 'No se pudo enviar tu solicitud. Intenta nuevamente.',
  quoteEmailRequired: 'Ingresá un correo válido',
  quoteSuccess: '¡Gracias por elegirnos! Un agente se estará comunicando con usted a la brevedad.',
  emptyCart: 'Su carro está vacío',

  // Products
  productCreateUnexpected: 'Error inesperado, Vuelva a intentarlo',
  productDeleteDbFailed: 'No se pudo eliminar el producto debido a un error en la base de datos.',
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
  postAuthorsLoadFailed: 'No se pudieron cargar los autores de los posts.',
  postLoadFailed: 'No se pudo cargar el post.',
  postNotFoundPublic: 'Post no encontrado',
  postNotFound: 'No se pudo encontrar el post.',
  postUnauthorized: 'Acción no autorizada. Debes iniciar sesión.',
  postCoverUploadFailed: 'Error al subir la imagen. Se canceló la creación del post.',
  postCoverUrlFailed: 'Error al actualizar la URL de la imagen.',
  postNewCoverFailed: 'Error al subir la nueva imagen.',
  postDeleteNotFound: 'No se pudo encontrar el post para eliminar.',
  postDeletedImageFailed: 'El post fue borrado, pero hubo un error al eliminar la imagen.',
  postCreated: 'Post creado con éxito',
  postUpdated: 'Post actualizado con éxito',
  postDeleted: 'Post eliminado con éxito',

  // Contact, newsletter and staff inbox (issue 6)
  invalidImage: 'El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)',
  imageTooLarge: 'La imagen supera los 5 MB',
  imageTooManyPixels: 'La imagen es demasiado grande: máximo 25 megapíxeles',
  oneCoverOnly: 'El post admite una sola imagen de portada',
  contactSent: 'Gracias por tu mensaje',
  contactFailed: 'No se pudo enviar tu mensaje. Intenta nuevamente.',
  newsletterSubscribed: '¡Gracias por suscribirte! Te enviaremos nuestras novedades.',
  newsletterFailed: 'No se pudo registrar tu suscripción. Intenta nuevamente.',
  inboxLoadFailed: 'No se pudieron cargar los mensajes.',

  // Dashboard catalogue: products, brands and categories (issue 5)
  productCreated: 'Producto creado',
  invalidForm: 'Formulario inválido',
  productsLoadFailed: 'No se pudieron cargar los productos.',
  productSlugExhausted: 'No hay un slug libre para este nombre: elige otro slug',
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
  categoryNotFound: 'Categoría no encontrada',
  taxonomySaveFailed: 'No se pudo guardar el nombre. Intenta nuevamente.',
  taxonomyDeleteFailed: 'No se pudo eliminar. Intenta nuevamente.',
} as const;

export type MessageKey = keyof typeof messages;

/** Toast text for a failed action: 'Error: {message}'. */
export const errorToast = (message: string) => `Error: ${message}`;
