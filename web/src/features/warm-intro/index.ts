// The warm-intro feature's public entry: what other features may import from it.
export { WarmIntroButton } from './warm-intro-button';
export { buildWarmIntroRequest } from './build-intro-request';
export { useGenerateWarmIntroMutation } from './warm-intro.api';
