import { PageIntro } from '@client/components/layout/page-intro';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <>
      <section className="from-primary/10 via-primary/5 border-border border-b bg-gradient-to-br to-transparent">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <PageIntro
            eyebrow="Contacto"
            title="Hablemos de la tecnología de tu empresa"
            lead="Somos un equipo uruguayo que asesora a empresas en equipamiento informático. Contanos qué necesitás y te preparamos una propuesta a medida."
          />
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:py-14">
        <Card className="relative">
          <CardHeader>
            <CardTitle size="xl">Envianos un mensaje</CardTitle>
            <p className="text-muted-foreground text-sm">
              Los campos marcados como opcionales pueden quedar vacíos.
            </p>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <aside aria-label="Otras formas de contacto">
          <ContactDetails />
        </aside>
      </div>
    </>
  );
}
