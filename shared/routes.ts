// The HTTP API route table, read by the CDK stack (HttpApi routes) and by the local gateway.
// Each route is served by the Lambda of its bounded context: lambdas/<context>/http.ts.
export type RouteAuth = 'none' | 'optional' | 'required';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway path syntax: /api/articles/{id} */
  path: string;
  context: string;
  /** 'required' sits behind the JWT authorizer; 'optional' verifies a bearer token in the handler. */
  auth: RouteAuth;
}

export const API_ROUTES = [
  { method: 'GET', path: '/api/health', context: 'system', auth: 'none' },
  { method: 'POST', path: '/api/not-found', context: 'system', auth: 'none' },
  { method: 'POST', path: '/api/auth/sign-up', context: 'users', auth: 'none' },
  { method: 'GET', path: '/api/me', context: 'users', auth: 'required' },
  { method: 'PUT', path: '/api/me/profile', context: 'users', auth: 'required' },
  { method: 'GET', path: '/api/master', context: 'users', auth: 'none' },
  { method: 'POST', path: '/api/master/claim', context: 'users', auth: 'required' },
  // Public reading: the home feed, an article by slug (premium body only for those who may read it),
  // related articles and the view counter.
  { method: 'GET', path: '/api/home', context: 'articles', auth: 'none' },
  { method: 'GET', path: '/api/articles/by-slug/{slug}', context: 'articles', auth: 'optional' },
  { method: 'GET', path: '/api/articles/{id}/related', context: 'articles', auth: 'none' },
  { method: 'POST', path: '/api/articles/{id}/view', context: 'articles', auth: 'none' },
  { method: 'POST', path: '/api/articles/{id}/reading', context: 'articles', auth: 'required' },
  // Writing and the workflow.
  { method: 'GET', path: '/api/articles/mine', context: 'articles', auth: 'required' },
  { method: 'GET', path: '/api/articles/in-review', context: 'articles', auth: 'required' },
  { method: 'POST', path: '/api/articles', context: 'articles', auth: 'required' },
  { method: 'GET', path: '/api/articles/{id}', context: 'articles', auth: 'required' },
  { method: 'PUT', path: '/api/articles/{id}', context: 'articles', auth: 'required' },
  { method: 'DELETE', path: '/api/articles/{id}', context: 'articles', auth: 'required' },
  { method: 'GET', path: '/api/articles/{id}/versions', context: 'articles', auth: 'required' },
  { method: 'POST', path: '/api/articles/{id}/versions/{version}/restore', context: 'articles', auth: 'required' },
  // Cover uploads: a presigned PUT, then a check of what actually arrived.
  { method: 'POST', path: '/api/media/covers', context: 'media', auth: 'required' },
  { method: 'POST', path: '/api/media/covers/confirm', context: 'media', auth: 'required' },
] as const satisfies readonly ApiRoute[];

export type RouteKey = `${(typeof API_ROUTES)[number]['method']} ${(typeof API_ROUTES)[number]['path']}`;

export const routeKey = (route: ApiRoute): string => `${route.method} ${route.path}`;

/** The bounded contexts that own HTTP routes: one Lambda each. */
export const HTTP_CONTEXTS = [...new Set(API_ROUTES.map((route) => route.context))];

/** Set at the edge (CloudFront's viewer-request function, the local gateway) to the reader's network address. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
