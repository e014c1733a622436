import { type ChangeEvent, useState } from 'react';

/**
 * The state of a controlled text input: its value, the props that bind an input to it
 * (`{...field.props}`), and `set` for changes made by code (clearing it after a pick).
 */
export function useTextInput(initial: string) {
  const [value, set] = useState(initial);
  const props = {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(event.target.value),
  };
  return { value, set, props };
}
