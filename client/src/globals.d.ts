/** The API origin baked in at build time by COSTLENS_API_URL; empty means the console's own origin. */
declare const __API_ORIGIN__: string
