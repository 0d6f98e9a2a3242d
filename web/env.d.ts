/// <reference types="vite/client" />

/** The application version baked in at build time from package.json (spec §9: 1.18.1). */
declare const __APP_VERSION__: string;
