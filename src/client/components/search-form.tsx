import type * as React from 'react';

/** The name of the field whose text a SearchForm hands over. */
export const SEARCH_FIELD = 'q';

/**
 * A search box's form: on submit it hands over what was typed in its field named `q`, trimmed
 * ('' when blank), without reloading the page. What a search does with it is the caller's.
 */
export function SearchForm({
  onSearch,
  className,
  children,
}: {
  onSearch: (term: string) => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const typed = new FormData(event.currentTarget).get(SEARCH_FIELD);
        onSearch(typeof typed === 'string' ? typed.trim() : '');
      }}
    >
      {children}
    </form>
  );
}
