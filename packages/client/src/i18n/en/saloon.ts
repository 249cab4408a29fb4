/** English words of the saloon namespace (see ../index.ts for how keys, plurals and contexts work). */
export const saloon = {} as const;
