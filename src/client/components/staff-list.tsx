// The frame every paged staff list shares (Órdenes, Comprobantes): the heading with its total and
// 'Exportar CSV' of what the filters select, and 'Por página'. The list itself, its filters and
// what a row shows stay with each page.
import type * as React from 'react';
import { Download } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { NativeSelect } from '@client/components/ui/native-select';
import { DEFAULT_DESK_PAGE_SIZE, DESK_PAGE_SIZES } from '@shared/staff-desk';
import { deskPageSize } from '@shared/schemas/search-params';

/**
 * The list's title, 'Total: N' (announced when it changes, 'con estos filtros' when filtered) and
 * the CSV of every row the filters select. `total` is undefined while the list loads and when
 * its filters cannot be answered (a reversed day range): then neither the total nor the CSV.
 */
export function StaffListHeader({
  title,
  total,
  isFiltered,
  csvHref,
}: {
  title: string;
  total: number | undefined;
  isFiltered: boolean;
  csvHref: string | undefined;
}) {
  return (
    <PageHeader
      title={title}
      live
      description={
        total !== undefined && (
          // The heading names the rows: the plural is spelled once, as the navigation does.
          <>
            Total: {total}
            {isFiltered ? ' con estos filtros' : ''}
          </>
        )
      }
      actions={
        csvHref && (
          <Button asChild variant="outline">
            <a href={csvHref} download>
              <Download aria-hidden="true" /> Exportar CSV
            </a>
          </Button>
        )
      }
    />
  );
}

/** The URL's porPagina: 50, 100, or undefined for the default 25. */
type UrlPageSize = ReturnType<typeof deskPageSize>;

/** 'Por página' 25, 50 or 100 (the URL's porPagina). */
export function PageSizeSelect({
  value,
  onChange,
}: {
  value: UrlPageSize;
  onChange: (size: UrlPageSize) => void;
}): React.ReactElement {
  return (
    <label className="flex items-center gap-2 text-sm">
      Por página
      <NativeSelect
        className="w-24"
        value={String(value ?? DEFAULT_DESK_PAGE_SIZE)}
        onChange={(event) => onChange(deskPageSize(event.target.value))}
      >
        {DESK_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
