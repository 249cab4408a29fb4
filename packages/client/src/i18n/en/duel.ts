/** English words of the duel namespace (see ../index.ts for how keys, plurals and contexts work). */
export const duel = {} as const;
