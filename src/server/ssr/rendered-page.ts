import type { CachedAnswer } from '../services/catalog/catalog-cache';

/**
 * A cached page keeps its compressed bodies too: a hit sends stored bytes. It keeps its route
 * pattern as well, so a hit is counted in /metrics under the same route as the render, and
 * the hashes of its inline scripts for the CSP.
 */
export type RenderedPage = CachedAnswer & { route?: string; scriptHashes: string[] };
