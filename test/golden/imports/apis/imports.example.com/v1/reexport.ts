// Re-exports a shared type, so that depot.ts reaches it through this file.
export type { Label } from '../../common/types.js';
