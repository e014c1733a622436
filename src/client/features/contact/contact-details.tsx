import { useQuery } from '@tanstack/react-query';
import { Building2, Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useTRPC } from '@client/lib/trpc';
import { whatsappLink } from '@shared/store-info';

function WhatsappIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.6.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3z" />
    </svg>
  );
}

/**
 * WhatsApp card, opening hours and contact details (configurable:
 * docs/decisions/024-configurable-contact-details.md).
 */
export function ContactDetails() {
  const trpc = useTRPC();
  const { data: info, isPending } = useQuery(
    trpc.contact.info.queryOptions(undefined, { staleTime: Infinity }),
  );

  if (isPending || !info) {
    return (
      <div className="space-y-6" aria-busy="true">
        <Skeleton rounded="lg" className="h-40 w-full" />
        <Skeleton rounded="lg" className="h-32 w-full" />
        <Skeleton rounded="lg" className="h-40 w-full" />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="rounded-lg bg-[#128c4b] p-6 text-white shadow-sm">
        <div className="flex items-center gap-3">
          <WhatsappIcon className="size-8 shrink-0" />
          <h2 className="text-lg font-semibold">¿Preferís WhatsApp?</h2>
        </div>
        <p className="mt-2 text-sm text-white/90">
          Escribinos y te respondemos en horario de atención.
        </p>
        <a
          href={whatsappLink(info.whatsappNumber)}
          target="_blank"
          rel="noreferrer"
          className="mt-4 inline-flex h-10 items-center justify-center gap-2 rounded-md bg-white px-4 text-sm font-semibold text-[#0b6b39] shadow-sm transition-colors hover:bg-white/90 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-[#128c4b] focus-visible:outline-none"
        >
          Escribir por WhatsApp
        </a>
      </div>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle size="base" className="flex items-center gap-2">
            <Clock className="text-primary size-5" aria-hidden="true" />
            Horario de atención
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-2 text-sm">
            {info.openingHours.map((slot) => (
              <div key={slot.days} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{slot.days}</dt>
                <dd className="font-medium">{slot.hours}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle size="base">Datos de contacto</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-3 text-sm">
            <li className="flex items-start gap-3">
              <Building2 className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {info.legalName}
                {info.rut ? <span className="text-muted-foreground"> · RUT {info.rut}</span> : null}
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Mail className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${info.email}`} className="break-all hover:underline">
                {info.email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Phone className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                {info.phone}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPin className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{info.address}</span>
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
