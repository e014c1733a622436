// Toasts of the blog admin that carry the failure's message (docs/product.md#dashboard-blog).
export const postsLoadErrorToast = (message: string) => `Error al cargar los posts: ${message}`;
export const postDeleteErrorToast = (message: string) => `Error al eliminar: ${message}`;
