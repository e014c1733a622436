import { Link, useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@client/components/ui/button';
import { BAD_ADDRESS_PATH } from '@client/lib/bad-address';

function StatusScreen(props: {
  code: string;
  title: string;
  text: string;
  onRetry?: () => void;
  /** Inside the store layout, whose own <main> already holds it. */
  isInsideLayout?: boolean;
}) {
  const Wrapper = props.isInsideLayout ? 'div' : 'main';
  return (
    <Wrapper className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-primary text-6xl font-bold">{props.code}</p>
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      <p className="text-muted-foreground max-w-md">{props.text}</p>
      <div className="flex gap-3">
        {props.onRetry && (
          <Button variant="outline" onClick={props.onRetry}>
            Reintentar
          </Button>
        )}
        <Button asChild>
          <Link to="/">Volver al inicio</Link>
        </Button>
      </div>
    </Wrapper>
  );
}

/** A Spanish not-found page, not the router's default (docs/decisions/011-spanish-only.md). */
export function NotFoundScreen() {
  return <NotFoundText />;
}

/**
 * The same page inside the store layout (header, search, footer around it). An address that
 * does not decode (router.tsx) reads as such: the server answers it with status 400.
 */
export function StoreNotFoundScreen() {
  const isBadAddress = useLocation({
    select: (location) => location.pathname === BAD_ADDRESS_PATH,
  });
  if (isBadAddress) {
    return (
      <StatusScreen
        isInsideLayout
        code="400"
        title="Dirección inválida"
        text="La dirección que abriste no es válida. Revisá el enlace o volvé al inicio."
      />
    );
  }
  return <NotFoundText isInsideLayout />;
}

function NotFoundText({ isInsideLayout }: { isInsideLayout?: boolean }) {
  return (
    <StatusScreen
      isInsideLayout={isInsideLayout}
      code="404"
      title="Página no encontrada"
      text="La página que buscás no existe o fue movida."
    />
  );
}

/** Never 'Unexpected Application Error!' nor a stack trace (docs/decisions/011-spanish-only.md). */
export function ErrorScreen({ reset }: ErrorComponentProps) {
  return (
    <StatusScreen
      code="Error"
      title="Algo salió mal"
      text="Ocurrió un error inesperado. Intentá nuevamente en unos instantes."
      onRetry={reset}
    />
  );
}
