// The pieces every staff list's filters share (Órdenes, Comprobantes): the search box sent with
// Enter or its button, the 'Desde'/'Hasta' days with their order said at the field, and
// 'Limpiar filtros'. Each change is a new URL; the list decides what its filters are.
import { Search, X } from 'lucide-react';
import { SEARCH_FIELD, SearchForm } from '@client/components/search-form';
import { Button, IconButton } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { messages } from '@shared/client-messages';
import { isDayRangeReversed } from '@shared/order-filters';

/** 'Buscar' over its box and button; the first, wider column of a filters grid. */
export function FilterSearch({
  id,
  term,
  maxLength,
  placeholder,
  buttonLabel,
  onSearch,
}: {
  id: string;
  term: string | undefined;
  maxLength: number;
  placeholder: string;
  buttonLabel: string;
  onSearch: (term: string | undefined) => void;
}) {
  return (
    <SearchForm
      className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1"
      onSearch={(typed) => onSearch(typed || undefined)}
    >
      <label htmlFor={id} className="text-sm leading-none font-medium">
        Buscar
      </label>
      <div className="flex gap-2">
        {/* Keyed by the URL's term: Back and 'Limpiar filtros' show the term they restore. */}
        <Input
          key={term ?? ''}
          id={id}
          name={SEARCH_FIELD}
          type="search"
          defaultValue={term ?? ''}
          maxLength={maxLength}
          placeholder={placeholder}
        />
        <IconButton label={buttonLabel} icon={Search} type="submit" variant="outline" />
      </div>
    </SearchForm>
  );
}

type DayRange = { desde?: string; hasta?: string };

/** 'Desde' and 'Hasta', whole days; a reversed range is said at 'Hasta', not sent. */
export function DayRangeFields({
  range,
  onChange,
}: {
  range: DayRange;
  onChange: (patch: DayRange) => void;
}) {
  return (
    <>
      <InputField
        label="Desde"
        id="filtro-desde"
        type="date"
        value={range.desde ?? ''}
        max={range.hasta}
        onChange={(event) => onChange({ desde: event.target.value || undefined })}
      />
      <InputField
        label="Hasta"
        error={isDayRangeReversed(range.desde, range.hasta) ? messages.dayRangeReversed : undefined}
        id="filtro-hasta"
        type="date"
        value={range.hasta ?? ''}
        min={range.desde}
        onChange={(event) => onChange({ hasta: event.target.value || undefined })}
      />
    </>
  );
}

/** 'Limpiar filtros', on a row of its own under the filters. */
export function ClearFilters({ onClear }: { onClear: () => void }) {
  return (
    <div className="sm:col-span-2 lg:col-span-5">
      <Button type="button" variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" /> Limpiar filtros
      </Button>
    </div>
  );
}
