import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Skeleton } from '@client/components/ui/skeleton';
import { useTRPC } from '@client/lib/trpc';
import { smallImageUrl } from '@shared/images';

/** The brands we sell, each a shortcut to the shop filtered by it: its logo, or its name. */
export function BrandStrip() {
  const trpc = useTRPC();
  const { data, isPending } = useQuery(trpc.catalog.taxonomies.queryOptions({ kind: 'brand' }));
  if (!isPending && (!data || data.items.length === 0)) return null;

  return (
    <section aria-labelledby="brands-title" className="border-border border-y bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2
          id="brands-title"
          className="text-muted-foreground text-center text-sm font-semibold tracking-widest uppercase"
        >
          Marcas con las que trabajamos
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {isPending
            ? Array.from({ length: 6 }, (_, index) => (
                <li key={index}>
                  <Skeleton className="h-10 w-32" />
                </li>
              ))
            : data.items.map((brand) => (
                <li key={brand.id}>
                  <Link
                    to="/tienda"
                    search={{ brands: [brand.id] }}
                    className="focus-visible:ring-ring group flex h-12 items-center rounded-sm text-2xl font-extrabold tracking-tight text-slate-500 transition-colors hover:text-slate-900 focus-visible:ring-2 focus-visible:outline-none"
                  >
                    {brand.logoUrl ? (
                      // A fixed box: logos of any shape line up, and nothing moves as they load.
                      <img
                        src={smallImageUrl(brand.logoUrl)}
                        alt={brand.name}
                        width={128}
                        height={40}
                        loading="lazy"
                        decoding="async"
                        className="h-10 w-32 object-contain opacity-90 transition-opacity group-hover:opacity-100"
                      />
                    ) : (
                      brand.name
                    )}
                  </Link>
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
