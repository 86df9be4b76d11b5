/** Per-node flags the node shader reads (no PixiJS here: the page imports this too). */
export const FLAG_NONE = 0;
export const FLAG_RING = 1;
export const FLAG_HOVER = 2;
/** Far out, people stay visible as dots of at least this radius (CSS px); picking uses it too. */
export const MIN_NODE_RADIUS_PX = 1.2;
