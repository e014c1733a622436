// showRefusal, the one path from a server's refusal to a form's fields (src/client/lib/refusals.ts),
// on a real react-hook-form form and both shapes a refusal comes in.
import { TRPCClientError } from '@trpc/client';
import { createFormControl } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@client/lib/notify';
import { FormRefusedError } from '@client/lib/admin-form';
import { showRefusal } from '@client/lib/refusals';
import { messages } from '@shared/client-messages';

/** A tRPC refusal as the client receives it from the store's errorFormatter. */
function trpcRefusal(
  message: string,
  fieldErrors?: Record<string, string[]>,
  code = 'BAD_REQUEST',
  httpStatus = 400,
) {
  return TRPCClientError.from({
    error: { code: -32600, message, data: { code, httpStatus, fieldErrors } },
  });
}

type Product = {
  name: string;
  brandId?: number;
  variants: { price: string; storage: string }[];
  images: { url: string }[];
};

const productForm = () =>
  createFormControl<Product>({
    defaultValues: {
      name: '',
      brandId: undefined,
      variants: [
        { price: '', storage: '' },
        { price: '', storage: '' },
      ],
      images: [{ url: '/uploads/a.webp' }],
    },
  });

type Form = ReturnType<typeof createFormControl<Product>>;
const messageOf = (form: Form, path: string): string | undefined =>
  form.getFieldState(path as keyof Product).error?.message;

const toasts = () => vi.spyOn(notify, 'error').mockImplementation(() => undefined);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('showRefusal', () => {
  it("puts a tRPC refusal's messages under their fields, nested paths included", () => {
    const toast = toasts();
    const form = productForm();
    showRefusal(
      form,
      trpcRefusal('El nombre es obligatorio', {
        name: ['El nombre es obligatorio'],
        'variants.1.price': ['Escribí el importe como 1.150,50', 'otro'],
        brandId: ['La marca es obligatoria'],
      }),
    );
    expect(messageOf(form, 'name')).toBe('El nombre es obligatorio');
    expect(messageOf(form, 'variants.1.price')).toBe('Escribí el importe como 1.150,50');
    expect(messageOf(form, 'variants.0.price')).toBeUndefined();
    // A field whose value is still empty is a field all the same.
    expect(messageOf(form, 'brandId')).toBe('La marca es obligatoria');
    expect(toast).not.toHaveBeenCalled();
  });

  it("puts a multipart route's refusal under its fields, as an error or as the answer body", () => {
    const toast = toasts();
    const form = productForm();
    showRefusal(
      form,
      new FormRefusedError(
        'El precio debe ser mayor a 0',
        {
          'variants.0.price': ['El precio debe ser mayor a 0'],
        },
        400,
      ),
    );
    expect(messageOf(form, 'variants.0.price')).toBe('El precio debe ser mayor a 0');

    const other = productForm();
    showRefusal(other, {
      error: messages.invalidImage,
      fieldErrors: { images: [messages.invalidImage] },
    });
    // An array's own message sits at its root, as the resolver puts it.
    expect(other.getFieldState('images').error).toMatchObject({
      root: { message: messages.invalidImage },
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('an array message does not wipe its items’ messages', () => {
    const form = productForm();
    showRefusal(
      form,
      trpcRefusal('x', {
        'variants.1.storage': ['El almacenamiento es requerido'],
        variants: ['El stock cambió mientras editabas'],
      }),
    );
    expect(messageOf(form, 'variants.1.storage')).toBe('El almacenamiento es requerido');
    expect(form.getFieldState('variants').error).toMatchObject({
      root: { message: 'El stock cambió mientras editabas' },
    });
  });

  it('sends a message to the closest field the form shows, else to a toast', () => {
    const toast = toasts();
    const form = productForm();
    showRefusal(
      form,
      trpcRefusal('x', {
        'images.0.url': ['Imagen inválida'],
        'variants.0.id': ['Variante inexistente'],
        'items.0.quantity': ['La cantidad máxima es 100'],
        _: ['Entrada inválida'],
      }),
      { fields: ['name', 'images', 'variants', 'variants.*.price'] },
    );
    expect(form.getFieldState('images').error).toMatchObject({
      root: { message: 'Imagen inválida' },
    });
    expect(form.getFieldState('variants').error).toMatchObject({
      root: { message: 'Variante inexistente' },
    });
    // A path the form has no field for, nor a parent that is one: told in a toast.
    expect(toast).toHaveBeenCalledWith('La cantidad máxima es 100');
  });

  it('tells a refusal without fields in a toast, or under the field named for it', () => {
    const toast = toasts();
    showRefusal(
      productForm(),
      trpcRefusal('Ya existe una marca con ese nombre', undefined, 'CONFLICT', 409),
    );
    expect(toast).toHaveBeenLastCalledWith('Ya existe una marca con ese nombre');

    const form = productForm();
    showRefusal(form, new FormRefusedError('El archivo no es un CSV', {}, 400), {
      messageField: 'name',
    });
    expect(messageOf(form, 'name')).toBe('El archivo no es un CSV');
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it("tells the form's own text when the server failed or was not reached", () => {
    const toast = toasts();
    const fallback = messages.quoteFailed;
    showRefusal(
      productForm(),
      trpcRefusal('Ocurrió un error inesperado.', undefined, 'INTERNAL_SERVER_ERROR', 500),
      { fallback },
    );
    showRefusal(productForm(), new TRPCClientError('Failed to fetch'), { fallback });
    showRefusal(productForm(), new FormRefusedError(''), { fallback });
    showRefusal(productForm(), new TypeError('x is undefined'), { fallback });
    expect(toast.mock.calls).toEqual([[fallback], [fallback], [fallback], [fallback]]);
  });

  it("adds the form's own toast when asked, even when every message found its field", () => {
    const toast = toasts();
    const form = productForm();
    const refusal = new FormRefusedError(
      messages.invalidImage,
      { images: [messages.invalidImage] },
      400,
    );
    showRefusal(form, refusal, { toast: messages.productCreateFailed });
    showRefusal(form, refusal, { toast: true });
    expect(toast.mock.calls).toEqual([[messages.productCreateFailed], [messages.invalidImage]]);
  });

  it('works with any setError of the same shape (the newsletter box keeps plain state)', () => {
    const shown: [string, string | undefined][] = [];
    showRefusal(
      { setError: (name, { message }) => shown.push([name, message]) },
      trpcRefusal('El correo electrónico no es válido', {
        email: ['El correo electrónico no es válido'],
      }),
      { fields: ['email'] },
    );
    expect(shown).toEqual([['email', 'El correo electrónico no es válido']]);
  });
});
