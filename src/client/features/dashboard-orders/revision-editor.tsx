import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/components/ui/toast';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { useTextInput } from '@client/lib/use-text-input';
import { formatMoney, storeDay } from '@shared/format';
import { messages } from '@shared/client-messages';
import { quoteTotals } from '@shared/quote-math';
import { REVISION_NOTE_MAX, REVISION_VALID_DAYS, revisionInputSchema } from '@shared/schemas/quote';
import { BackorderFields } from './backorder-fields';

export type EditorLine = {
  variantId: number;
  label: string;
  unitPrice: string;
  quantity: number;
  discountPercent: string;
  /** Quoted without stock: reserves none; `expectedOn` is the delivery day staff give. */
  isBackorder?: boolean;
  expectedOn?: string;
};

/** What the server takes of a line: no label, a delivery day only on a line without stock. */
const lineInput = ({ label: _label, isBackorder, expectedOn, ...line }: EditorLine) => ({
  ...line,
  ...(isBackorder ? { isBackorder, ...(expectedOn ? { expectedOn } : {}) } : {}),
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Montevideo's today + `days` (the store's calendar, not the browser's), as the date input wants it. */
const dayFromToday = (days: number) => storeDay(new Date(Date.now() + days * DAY_MS));

/** The preview uses the server's arithmetic; invalid figures show no total until fixed. */
function previewTotals(lines: EditorLine[]) {
  const parsed = revisionInputSchema.shape.lines.safeParse(lines.map(lineInput));
  return parsed.success ? quoteTotals(parsed.data) : undefined;
}

/** One line of the revision: its price, quantity and discount, and the way to drop it. */
function LineEditor({
  line,
  onChange,
  onRemove,
}: {
  line: EditorLine;
  onChange: (patch: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  // Price and discount stay the text typed, so a figure half typed is never rewritten under the
  // cursor; previewTotals and the server's schema read them.
  const decimalInput = (key: 'unitPrice' | 'discountPercent') => ({
    inputMode: 'decimal' as const,
    value: line[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [key]: event.target.value }),
  });
  return (
    <li className="border-border space-y-2 rounded-md border p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium">{line.label}</p>
        <Button variant="ghost" size="sm" aria-label={`Quitar ${line.label}`} onClick={onRemove}>
          <Trash2 />
        </Button>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <InputField
          label="Precio unit. (US$)"
          id={`price-${line.variantId}`}
          {...decimalInput('unitPrice')}
        />
        <InputField
          label="Cantidad"
          id={`qty-${line.variantId}`}
          type="number"
          min={1}
          value={line.quantity}
          onChange={(event) => onChange({ quantity: Number(event.target.value) })}
        />
        <InputField
          label="Descuento %"
          id={`disc-${line.variantId}`}
          {...decimalInput('discountPercent')}
        />
      </div>
      <BackorderFields
        variantId={line.variantId}
        isBackorder={line.isBackorder ?? false}
        expectedOn={line.expectedOn ?? ''}
        onChange={onChange}
      />
    </li>
  );
}

/** 'Preparar cotización': the lines, prices, discounts, note and validity of a new revision. */
export function RevisionEditor({
  orderId,
  initialLines,
  onClose,
}: {
  orderId: number;
  initialLines: EditorLine[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState(initialLines);
  const note = useTextInput('');
  const validUntil = useTextInput(dayFromToday(REVISION_VALID_DAYS));
  const search = useTextInput('');
  const term = useDebouncedValue(search.value.trim(), 300);
  const found = useQuery({
    ...trpc.admin.orders.searchVariants.queryOptions({ query: term }),
    enabled: term.length >= 2,
  });
  /**
   * A product staff add starts at the price the order's customer pays for it (the one price
   * function: their company's rules, volume tiers), not the list price.
   */
  const buyerPriceOf = async (variantId: number, fallback: string) => {
    const [priced] = await queryClient
      .fetchQuery(
        trpc.admin.orders.prices.queryOptions({ orderId, lines: [{ variantId, quantity: 1 }] }),
      )
      .catch(() => []);
    return priced?.unitPrice ?? fallback;
  };
  const send = useMutation(
    trpc.admin.orders.sendRevision.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.revisionSent);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  const totals = previewTotals(lines);
  const update = (index: number, patch: Partial<EditorLine>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preparar cotización</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="space-y-4">
          {lines.map((line, index) => (
            <LineEditor
              key={line.variantId}
              line={line}
              onChange={(patch) => update(index, patch)}
              onRemove={() => setLines(lines.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
        <InputField
          label="Agregar producto"
          id="variant-search"
          placeholder="Buscar por nombre"
          {...search.props}
        />
        {term.length >= 2 && found.data && (
          <ul className="border-border divide-border divide-y rounded-md border text-sm">
            {found.data.length === 0 && <li className="p-2">{messages.noSearchResults}</li>}
            {found.data.map((variant) => (
              <li key={variant.variantId}>
                <button
                  type="button"
                  className="hover:bg-muted w-full p-2 text-left disabled:opacity-50"
                  disabled={lines.some((line) => line.variantId === variant.variantId)}
                  onClick={() => {
                    search.set('');
                    void buyerPriceOf(variant.variantId, variant.price).then((unitPrice) =>
                      setLines((current) => [
                        ...current,
                        {
                          variantId: variant.variantId,
                          label: `${variant.productName} (${variant.storage} / ${variant.colorName})`,
                          unitPrice,
                          quantity: 1,
                          discountPercent: '0',
                          isBackorder: variant.stock <= 0 || undefined,
                        },
                      ]),
                    );
                  }}
                >
                  {variant.productName} ({variant.storage} / {variant.colorName}) ·{' '}
                  {formatMoney(variant.price)} · stock {variant.stock}
                </button>
              </li>
            ))}
          </ul>
        )}
        <TextareaField
          label="Nota para el cliente (opcional)"
          id="revision-note"
          rows={3}
          maxLength={REVISION_NOTE_MAX}
          {...note.props}
        />
        <InputField label="Válida hasta" id="revision-valid" type="date" {...validUntil.props} />
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{totals ? formatMoney(totals.subtotal) : '—'}</dd>
          <dt className="text-muted-foreground">IVA 22%</dt>
          <dd className="text-right">{totals ? formatMoney(totals.tax) : '—'}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{totals ? formatMoney(totals.total) : '—'}</dd>
        </dl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={send.isPending || lines.length === 0}
            onClick={() =>
              send.mutate({
                orderId,
                lines: lines.map(lineInput),
                note: note.value,
                validUntil: validUntil.value,
              })
            }
          >
            Enviar cotización
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
