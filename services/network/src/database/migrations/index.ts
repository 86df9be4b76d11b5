// Migrations of the network schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [];
