// The warm-intro feature's public entry: what other features may import from it.
export { WarmIntroButton } from './warm-intro-button';
