/** A dictionary with the same keys as `T`, every leaf a string: a translation must have every key of English. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
