import { Mail } from 'lucide-react';
import { NewsletterForm } from '@client/components/newsletter-form';
import { BrandStrip } from './brand-strip';
import { FeaturedProducts } from './featured-products';
import { Hero } from './hero';

export function HomePage({ featuredSeed }: { featuredSeed: number }) {
  return (
    <>
      <Hero />
      <FeaturedProducts seed={featuredSeed} />
      <BrandStrip />
      <NewsletterBox />
    </>
  );
}

function NewsletterBox() {
  return (
    <section aria-labelledby="newsletter-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="bg-accent flex flex-col gap-6 rounded-2xl p-6 sm:p-10 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <div className="bg-primary text-primary-foreground hidden size-12 shrink-0 items-center justify-center rounded-full sm:flex">
            <Mail className="size-6" aria-hidden="true" />
          </div>
          <div>
            <h2 id="newsletter-title" className="text-xl font-bold tracking-tight sm:text-2xl">
              Novedades para tu empresa
            </h2>
            <p className="text-muted-foreground mt-1 max-w-md">
              Recibí lanzamientos, ofertas por volumen y guías de compra. Sin spam.
            </p>
          </div>
        </div>
        <div className="w-full md:max-w-md">
          <NewsletterForm />
        </div>
      </div>
    </section>
  );
}
