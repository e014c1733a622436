import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@tanstack/react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { useTextInput } from '@client/lib/use-text-input';
import { formatMoney, storeDay } from '@shared/format';
import { messages } from '@shared/client-messages';
import { formatMoneyInput } from '@shared/money-input';
import { quoteTotals } from '@shared/quote-math';
import {
  REVISION_NOTE_MAX,
  revisionLineSchema,
  type RevisionFormValues,
} from '@shared/schemas/quote';
import { Spinner } from '@client/components/ui/spinner';
import { BackorderFields } from './backorder-fields';
import { RevisionTerms } from './revision-terms';
import { DeliveryChoiceFields } from '@client/features/orders/delivery-choice-fields';
import { AGENCIES, DELIVERY_METHODS } from '@shared/delivery';
import type { DeliveryChoiceFormValues } from '@shared/schemas/fulfilment';
import { missingSellerData } from '@shared/schemas/store-profile';

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

type MoneyKey = 'unitPrice' | 'discountPercent';

/** The field's own message for the text typed in a money input, read as the server reads it. */
const moneyProblem = (key: MoneyKey, text: string) =>
  revisionLineSchema.shape[key].safeParse(text).error?.issues[0]?.message;

/**
 * The preview uses the server's arithmetic on the lines whose figures read; a line still being
 * typed (or mistyped) is left out and counted, so the totals never blank out.
 */
function previewTotals(lines: EditorLine[]) {
  const valid = lines.flatMap((line) => {
    const parsed = revisionLineSchema.safeParse(lineInput(line));
    return parsed.success ? [parsed.data] : [];
  });
  return { ...quoteTotals(valid), leftOut: lines.length - valid.length };
}

/** An amount as the money inputs show it: '1150.50' from the server reads '1.150,50'. */
const typed = (line: EditorLine): EditorLine => ({
  ...line,
  unitPrice: formatMoneyInput(line.unitPrice),
  discountPercent: formatMoneyInput(line.discountPercent),
});

/** The paths of a revision the editor shows a message under (the server's refusal). */
const REVISION_FIELDS = [
  'lines.*.unitPrice',
  'lines.*.quantity',
  'lines.*.discountPercent',
  'lines.*.expectedOn',
  'note',
  'validUntil',
  'paymentTerms',
  'deliveryTerms',
  'warranty',
  'exchangeRate',
  'delivery.method',
  'delivery.siteId',
  'delivery.agency',
  'delivery.agencyName',
];

/** One line of the revision: its price, quantity and discount, and the way to drop it. */
function LineEditor({
  line,
  errors,
  showProblems,
  onChange,
  onRemove,
}: {
  line: EditorLine;
  /** The server's messages for this line's fields. */
  errors: Partial<Record<keyof EditorLine, { message?: string }>> | undefined;
  /** Shows every mistyped figure, not only those left: set when sending is tried. */
  showProblems: boolean;
  onChange: (patch: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  const [left, setLeft] = useState<Partial<Record<MoneyKey, boolean>>>({});
  // Price and discount stay the text typed ('1.150,50'), so a figure half typed is never
  // rewritten under the cursor; its message shows once the field is left.
  const moneyInput = (key: MoneyKey) => {
    const problem = showProblems || left[key] ? moneyProblem(key, line[key]) : undefined;
    return {
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      value: line[key],
      error: problem ?? errors?.[key]?.message,
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [key]: event.target.value }),
      onBlur: () => setLeft({ ...left, [key]: true }),
    };
  };
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
          placeholder="1.150,50"
          {...moneyInput('unitPrice')}
        />
        <InputField
          label="Cantidad"
          id={`qty-${line.variantId}`}
          type="number"
          min={1}
          value={line.quantity}
          error={errors?.quantity?.message}
          onChange={(event) => onChange({ quantity: Number(event.target.value) })}
        />
        <InputField
          label="Descuento %"
          id={`disc-${line.variantId}`}
          placeholder="12,5"
          {...moneyInput('discountPercent')}
        />
      </div>
      <BackorderFields
        variantId={line.variantId}
        isBackorder={line.isBackorder ?? false}
        expectedOn={line.expectedOn ?? ''}
        error={errors?.expectedOn?.message}
        onChange={onChange}
      />
    </li>
  );
}

type EditorProps = {
  orderId: number;
  initialLines: EditorLine[];
  /** The order's delivery now: the revision keeps it unless staff change it. */
  delivery: OrderDelivery | null;
  onClose: () => void;
};
/** What the order's delivery is now, as the fields hold it. */
type OrderDelivery = {
  method: string;
  agency: string | null;
  agencyName: string | null;
  freightCollect: boolean;
  siteId: number | null;
};

const isSameDelivery = (a: DeliveryChoiceFormValues, b: DeliveryChoiceFormValues) =>
  a.method === b.method &&
  a.siteId === b.siteId &&
  a.agency === b.agency &&
  (a.agencyName ?? '') === (b.agencyName ?? '') &&
  Boolean(a.freightCollect) === Boolean(b.freightCollect);

const deliveryValues = (delivery: OrderDelivery | null): DeliveryChoiceFormValues => ({
  method: DELIVERY_METHODS.find((method) => method === delivery?.method) ?? 'pickup',
  agency: AGENCIES.find((agency) => agency === delivery?.agency),
  agencyName: delivery?.agencyName ?? undefined,
  freightCollect: delivery?.freightCollect ?? false,
  siteId: delivery?.siteId ?? undefined,
});
type StoreDefaults = {
  validityDays: number;
  paymentTerms: string;
  deliveryTerms: string;
  warranty: string;
};

/**
 * 'Preparar cotización': starts from the store's defaults ('Datos de la empresa': validity and
 * terms), which staff may change for this revision.
 */
export function RevisionEditor(props: EditorProps) {
  const trpc = useTRPC();
  const store = useQuery(trpc.admin.store.get.queryOptions());
  if (!store.data) return <Spinner />;
  return (
    <>
      <MissingSellerData profile={store.data} />
      <RevisionForm {...props} defaults={store.data} />
    </>
  );
}

/**
 * The quote PDF prints the store as seller: staff hear what is missing before they send a quote
 * without it, and where to complete it.
 */
function MissingSellerData({
  profile,
}: {
  profile: { legalName: string; rut: string | null; address: string };
}) {
  const missing = missingSellerData(profile);
  if (missing.length === 0) return null;
  return (
    <p
      role="status"
      data-testid="missing-seller-data"
      className="border-warning/40 bg-warning/10 mb-4 rounded-md border px-3 py-2 text-sm"
    >
      A la cotización le falta {missing.join(', ')} de tu empresa.{' '}
      <Link to="/dashboard/ajustes" className="text-primary font-medium underline">
        Completalo en Datos de la empresa
      </Link>
      .
    </p>
  );
}

/** The lines, prices, discounts, terms, note and validity of a new revision. */
function RevisionForm({
  orderId,
  initialLines,
  delivery: initialDelivery,
  onClose,
  defaults,
}: EditorProps & { defaults: StoreDefaults }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState(() => initialLines.map(typed));
  // The buyer's choice, which staff may change in the revision (decision 081); the server keeps
  // it when it is the same.
  const [delivery, setDelivery] = useState(() => deliveryValues(initialDelivery));
  const sites = useQuery(trpc.admin.dispatches.sites.queryOptions({ id: orderId }));
  const note = useTextInput('');
  const validUntil = useTextInput(dayFromToday(defaults.validityDays));
  const terms = {
    paymentTerms: useTextInput(defaults.paymentTerms),
    deliveryTerms: useTextInput(defaults.deliveryTerms),
    warranty: useTextInput(defaults.warranty),
    exchangeRate: useTextInput(''),
  };
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
  // Holds the server's messages only; the editor keeps its values in its own state.
  const form = useForm<RevisionFormValues>();
  const { errors } = form.formState;
  const send = useMutation(
    trpc.admin.orders.sendRevision.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.revisionSent);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });
        onClose();
      },
      onError: (error) => showRefusal(form, error, { fields: REVISION_FIELDS }),
    }),
  );
  const [showProblems, setShowProblems] = useState(false);
  const totals = previewTotals(lines);
  const update = (index: number, patch: Partial<EditorLine>) => {
    form.clearErrors(`lines.${index}`);
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  };
  const isMistyped = lines.some(
    (line) =>
      moneyProblem('unitPrice', line.unitPrice) ||
      moneyProblem('discountPercent', line.discountPercent),
  );

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
              errors={errors.lines?.[index]}
              showProblems={showProblems}
              onChange={(patch) => update(index, patch)}
              onRemove={() => {
                // The server's messages were about the old positions.
                form.clearErrors('lines');
                setLines(lines.filter((_, i) => i !== index));
              }}
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
                          unitPrice: formatMoneyInput(unitPrice),
                          quantity: 1,
                          discountPercent: '0',
                          // Out of stock: quoted without reserving, as 'Consultar disponibilidad'.
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
          error={errors.note?.message}
          {...note.props}
        />
        <InputField
          label="Válida hasta"
          id="revision-valid"
          type="date"
          error={errors.validUntil?.message}
          {...validUntil.props}
        />
        <DeliveryChoiceFields
          idPrefix="revision-entrega-"
          value={delivery}
          onChange={(next) => {
            form.clearErrors('delivery');
            setDelivery(next);
          }}
          sites={sites.data ?? []}
          noSites={<p className="text-muted-foreground">El cliente no tiene lugares de entrega.</p>}
          errors={{
            method: errors.delivery?.method?.message,
            siteId: errors.delivery?.siteId?.message,
            agency: errors.delivery?.agency?.message,
            agencyName: errors.delivery?.agencyName?.message,
          }}
        />
        <RevisionTerms inputs={terms} total={totals.total} errors={errors} />
        <dl
          aria-label="Totales de la cotización"
          className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
        >
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{formatMoney(totals.subtotal)}</dd>
          <dt className="text-muted-foreground">IVA 22 %</dt>
          <dd className="text-right">{formatMoney(totals.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatMoney(totals.total)}</dd>
          {totals.leftOut > 0 && (
            <dd role="status" className="text-muted-foreground col-span-2 text-xs">
              {messages.revisionLinesLeftOut(totals.leftOut)}
            </dd>
          )}
        </dl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={send.isPending || lines.length === 0}
            onClick={() => {
              // A mistyped figure is shown under its field, not sent to be refused.
              if (isMistyped) return setShowProblems(true);
              send.mutate({
                orderId,
                lines: lines.map(lineInput),
                note: note.value,
                validUntil: validUntil.value,
                paymentTerms: terms.paymentTerms.value,
                deliveryTerms: terms.deliveryTerms.value,
                warranty: terms.warranty.value,
                exchangeRate: terms.exchangeRate.value,
                // Unchanged, the order keeps its own (an older order may have none).
                delivery: isSameDelivery(delivery, deliveryValues(initialDelivery))
                  ? undefined
                  : delivery,
              });
            }}
          >
            Enviar cotización
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
