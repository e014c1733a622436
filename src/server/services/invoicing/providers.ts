// The provider CFE_PROVIDER names, built once per app (deps.ts).
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { CfeProvider } from './provider';
import { createSimulatedProvider } from './simulated-provider';

export function createCfeProvider(_config: Config, db: Database, clock: Clock): CfeProvider {
  return createSimulatedProvider({ db, clock });
}
