// A second store instance in its own process, for the two-instance scenario (bench/run.ts):
// two processes on one PostgreSQL, as behind a load balancer. Sends its port to the parent.
import { openDatabase } from '../src/server/db/client';
import { startStore } from './store';

const databaseUrl = process.argv[2]!;
const handle = await openDatabase({ databaseUrl, dataDir: '' });
const store = await startStore(handle.db, databaseUrl);
process.send!({ baseUrl: store.baseUrl });
process.once('disconnect', () => {
  void store
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
