// Migrations of the imports schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [];
