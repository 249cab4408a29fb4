/** English words of the rattlesnake namespace (see ../index.ts for how keys, plurals and contexts work). */
export const rattlesnake = {} as const;
