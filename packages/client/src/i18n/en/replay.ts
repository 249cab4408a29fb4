/** English words of the replay namespace (see ../index.ts for how keys, plurals and contexts work). */
export const replay = {} as const;
