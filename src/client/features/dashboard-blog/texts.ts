// Toasts of SPEC.md §8 (Blog admin) that carry the failure's message.
export const postsLoadErrorToast = (message: string) => `Error al cargar los posts: ${message}`;
export const postDeleteErrorToast = (message: string) => `Error al eliminar: ${message}`;
