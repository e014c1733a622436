import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { NewsletterForm } from '@client/components/newsletter-form';
import { useTRPC } from '@client/lib/trpc';
import { storeCalendarFields } from '@shared/format';

const SOCIAL_LINKS = [
  {
    href: 'https://www.linkedin.com/',
    label: 'LinkedIn',
    path: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.4c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9V21H9z',
  },
  {
    href: 'https://www.facebook.com/',
    label: 'Facebook',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  },
  {
    href: 'https://www.instagram.com/',
    label: 'Instagram',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.8a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM12 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
  },
];

/** The store's data as staff saved it ('Datos de la empresa'), in the store layout's HTML. */
function StoreDetails() {
  const trpc = useTRPC();
  const { data: info } = useQuery(
    trpc.contact.info.queryOptions(undefined, { staleTime: Infinity }),
  );
  if (!info) return null;
  return (
    <address className="mt-4 space-y-0.5 text-sm not-italic">
      <span className="block text-slate-200">
        {info.legalName}
        {info.rut ? ` · RUT ${info.rut}` : ''}
      </span>
      <span className="block">{info.address}</span>
      <span className="block">
        <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white">
          {info.phone}
        </a>
        {' · '}
        <a href={`mailto:${info.email}`} className="break-all hover:text-white">
          {info.email}
        </a>
      </span>
    </address>
  );
}

export function StoreFooter() {
  return (
    <footer className="border-border mt-16 border-t bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">Tienda</p>
          <p className="mt-2 text-sm">
            Tecnología para empresas en Uruguay. Solicitá tu cotización y un agente te responderá a
            la brevedad.
          </p>
          <StoreDetails />
        </div>
        <nav aria-label="Enlaces" className="flex flex-col gap-2 text-sm">
          <Link to="/tienda" className="hover:text-white">
            Tienda
          </Link>
          <Link to="/privacidad" className="hover:text-white">
            Política de privacidad
          </Link>
          <Link to="/terminos" className="hover:text-white">
            Términos y condiciones
          </Link>
          <Link to="/comprobantes/verificar" className="hover:text-white">
            Verificar comprobante
          </Link>
          <div className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map((social) => (
              <a
                key={social.label}
                href={social.href}
                aria-label={social.label}
                target="_blank"
                rel="noreferrer"
                className="rounded-full bg-slate-800 p-2 hover:bg-slate-700 hover:text-white"
              >
                <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true">
                  <path d={social.path} />
                </svg>
              </a>
            ))}
          </div>
        </nav>
        <div>
          <p className="font-semibold text-white">Novedades y ofertas</p>
          <p className="mt-1 mb-3 text-sm">Recibí lanzamientos y promociones para empresas.</p>
          <NewsletterForm tone="dark" />
        </div>
      </div>
      {/* On a phone the WhatsApp button rests on this line at the bottom: the text keeps clear. */}
      <p className="border-t border-slate-800 px-16 py-4 text-center text-xs text-slate-400 sm:px-4">
        {/* Montevideo's year on both sides; only the instant of New Year could tell them apart. */}
        © <span suppressHydrationWarning>{storeCalendarFields(new Date()).year}</span> Tienda ·
        Precios en dólares estadounidenses + IVA
      </p>
    </footer>
  );
}
