// The ways issuing a document stops short (docs/decisions/087-cfe-jobs.md).

/** Data DGI would refuse, or the store cannot send: staff fix it, then the store retries. */
export class CfeDataError extends Error {}

/** The provider did not answer (down, slow, 5xx): the job retries with back-off. */
export class ProviderUnavailableError extends Error {}

/** The provider refused the request as malformed or misconfigured: staff must act first. */
export class ProviderRefusedError extends Error {}
