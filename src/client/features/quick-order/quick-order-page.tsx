import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { PageIntro } from '@client/components/layout/page-intro';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { ProductThumb } from '@client/components/product-thumb';
import { cartItemOf, type BuyerLine, stockNote } from '@client/lib/buyer-lines';
import { YourPrice } from '@client/components/your-price';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { useTextInput } from '@client/lib/use-text-input';
import { useCartStore } from '@client/stores/cart';
import { useUiStore } from '@client/stores/ui';
import { addedToCartMessage, pricingMessages, skuNotFoundMessage } from '@shared/pricing-messages';
import { parseQuickOrder, QUICK_ORDER_FILE_MAX_BYTES } from '@shared/quick-order';

type Result = { lines: BuyerLine[]; notFound: string[] };

/**
 * /pedido-rapido: SKUs and quantities typed or pasted from a spreadsheet, looked up at the
 * buyer's prices, then added to the cart at once.
 */
export function QuickOrderPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const text = useTextInput('');
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<Result>();
  const [isLooking, setLooking] = useState(false);
  const addItems = useCartStore((state) => state.addItems);
  const openSheet = useUiStore((state) => state.openSheet);

  async function review(event: FormEvent) {
    event.preventDefault();
    const parsed = parseQuickOrder(text.value);
    setProblems(parsed.problems.map((problem) => problem.message));
    setResult(undefined);
    if (parsed.lines.length === 0) {
      if (parsed.problems.length === 0) setProblems(['Escribí al menos un SKU']);
      return;
    }
    setLooking(true);
    try {
      setResult(
        await queryClient.fetchQuery({
          ...trpc.quickOrder.resolve.queryOptions({ lines: parsed.lines }),
          staleTime: 0,
        }),
      );
    } catch (error) {
      // The forms' one path from a refusal: every message of it belongs to the lines typed.
      showRefusal(
        { setError: (_lines, { message }) => setProblems(message ? [message] : []) },
        error,
        {
          fields: ['lines'],
          messageField: 'lines',
        },
      );
    } finally {
      setLooking(false);
    }
  }

  /** A CSV file of 'SKU;cantidad' rows (a header row too): its rows replace the text. */
  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > QUICK_ORDER_FILE_MAX_BYTES) {
      setProblems([pricingMessages.quickOrderFileTooLarge]);
      return;
    }
    text.set(await file.text());
    setProblems([]);
    setResult(undefined);
  }

  function addToCart() {
    if (!result || result.lines.length === 0) return;
    addItems(result.lines.map(cartItemOf));
    notify.success(addedToCartMessage(result.lines.length));
    setResult(undefined);
    text.set('');
    openSheet('cart');
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageIntro
        eyebrow="Compras frecuentes"
        title="Pedido rápido"
        lead="Escribí o pegá desde tu planilla un SKU y la cantidad por línea. Te mostramos tu precio antes de agregarlos al carro."
      />
      <form
        onSubmit={(event) => void review(event)}
        className="flex flex-col gap-3"
        aria-label="Pedido rápido"
      >
        <TextareaField
          id="quick-order-lines"
          label="SKU y cantidad, uno por línea"
          hint="Por ejemplo: TD-000123 5. Sin cantidad se pide 1 unidad."
          placeholder={'TD-000123 5\nTD-000456 2'}
          rows={8}
          className="font-mono"
          {...text.props}
        />
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="quick-order-file" className="font-medium">
            O subí un archivo CSV (SKU;cantidad)
          </label>
          <input
            id="quick-order-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="file:border-border file:bg-background file:text-foreground hover:file:bg-muted text-muted-foreground file:mr-3 file:rounded-md file:border file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => void readFile(event)}
          />
        </div>
        {problems.length > 0 && (
          <ul role="alert" className="text-destructive list-disc pl-5 text-sm">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <Button type="submit" className="self-start" disabled={isLooking}>
          Revisar pedido
        </Button>
      </form>
      {result && <QuickOrderResult result={result} onAdd={addToCart} />}
    </div>
  );
}

function QuickOrderResult({ result, onAdd }: { result: Result; onAdd: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tu pedido</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {result.notFound.length > 0 && (
          <ul role="alert" className="text-destructive flex flex-col gap-1 text-sm font-medium">
            {result.notFound.map((sku) => (
              <li key={sku}>{skuNotFoundMessage(sku)}</li>
            ))}
          </ul>
        )}
        {result.lines.length > 0 && (
          <ul className="divide-border divide-y" aria-label="Productos encontrados">
            {result.lines.map((line) => {
              const note = stockNote(line);
              return (
                <li key={line.variantId} className="flex flex-wrap items-center gap-4 py-3">
                  <ProductThumb src={line.image} alt={line.productName} size={48} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{line.productName}</p>
                    <p className="text-muted-foreground text-xs">
                      <span className="font-mono">{line.sku}</span> · {line.storage} /{' '}
                      {line.colorName} · {line.quantity}{' '}
                      {line.quantity === 1 ? 'unidad' : 'unidades'}
                    </p>
                    {note && (
                      <Badge variant="soft-warning" className="mt-1">
                        {note}
                      </Badge>
                    )}
                  </div>
                  <p className="text-right text-sm font-semibold">
                    <YourPrice
                      listPrice={line.listPrice}
                      unitPrice={line.unitPrice}
                      ruleLabel={line.rule?.label}
                      align="end"
                    />
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        {result.lines.length > 0 && (
          <Button className="self-start" onClick={onAdd}>
            <ShoppingCart aria-hidden="true" /> Agregar al carro
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
