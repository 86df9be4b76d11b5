// Migrations of the auth schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [];
