// The provider CFE_PROVIDER names, built once per app (deps.ts); config.ts has checked that
// Biller's settings are all there when it is chosen.
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createBillerProvider } from './biller-provider';
import type { CfeProvider } from './provider';
import { createSimulatedProvider } from './simulated-provider';

export function createCfeProvider(config: Config, db: Database, clock: Clock): CfeProvider {
  if (config.CFE_PROVIDER === 'biller') {
    return createBillerProvider({
      url: config.CFE_BILLER_URL!,
      token: config.CFE_BILLER_TOKEN!,
      branchId: config.CFE_BILLER_BRANCH_ID!,
      timeoutMs: config.CFE_BILLER_TIMEOUT_MS,
      issueIntervalMs: config.CFE_BILLER_ISSUE_INTERVAL_MS,
      clock,
    });
  }
  return createSimulatedProvider({ db, clock });
}
