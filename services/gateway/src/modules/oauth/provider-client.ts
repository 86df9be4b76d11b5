import type { OAuthIdentity } from '@warmpath/contracts';

/** Random values of one sign-in, made by the flow before the browser leaves. */
export interface AuthorizationStart {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationRedirect {
  url: string;
  /** Whether the code challenge was sent: the token request must then carry the verifier. */
  usesPkce: boolean;
}

export interface CodeGrant {
  code: string;
  codeVerifier: string | null;
  nonce: string;
}

/** One kind of provider (OpenID Connect, GitHub): where to send the browser, and who came back. */
export interface ProviderClient<S> {
  authorizationRedirect(settings: S, start: AuthorizationStart): Promise<AuthorizationRedirect>;
  fetchIdentity(settings: S, grant: CodeGrant): Promise<OAuthIdentity>;
}
