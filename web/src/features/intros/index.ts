// The intros feature's public entry: what other features may import from it.
export { AskIntroButton, preloadAskIntro } from './ask-intro-button';
export { IntrosNavLink } from './intros-nav-link';
export { useGetIntroStatsQuery } from './intros.api';
export { WorkspaceIntrosPanel } from './workspace-intros-panel';
