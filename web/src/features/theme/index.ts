// The theme feature's public entry: what other features may import from it.
export { DarkModeToggle } from './dark-mode-toggle';
