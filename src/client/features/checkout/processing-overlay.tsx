import { Spinner } from '@client/components/ui/spinner';

export function ProcessingOverlay() {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="procesando-titulo"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 rounded-lg bg-white px-8 py-10 text-center shadow-xl">
        <Spinner size="lg" label="Procesando" />
        <p id="procesando-titulo" className="text-lg font-semibold">
          Estamos procesando tu pedido
        </p>
        <p className="text-muted-foreground max-w-xs text-sm">
          No cierres esta ventana; en unos segundos verás la confirmación.
        </p>
      </div>
    </div>
  );
}
