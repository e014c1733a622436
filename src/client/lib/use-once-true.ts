import { useState } from 'react';

/** True from the first render where `value` was true on: mount once, keep mounted. */
export function useOnceTrue(value: boolean): boolean {
  const [hasBeenTrue, setHasBeenTrue] = useState(value);
  // Adjusting state during render (React's documented pattern), not in an effect.
  if (value && !hasBeenTrue) setHasBeenTrue(true);
  return hasBeenTrue || value;
}
