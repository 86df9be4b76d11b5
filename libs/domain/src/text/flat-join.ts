/**
 * `${a}${separator}${b}` as one flat string. A concatenation of 13 characters or more is kept as
 * a chain of pieces (two objects for `${a}-${b}`), and the shared build keeps millions of company
 * link ids and name keys (docs/workspace-network.md "The cold build's cost"); `join` writes one.
 */
export const flatJoin = (a: string, separator: string, b: string): string => [a, b].join(separator);
