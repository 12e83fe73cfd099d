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
] as const satisfies readonly ApiRoute[];

export type RouteKey = `${(typeof API_ROUTES)[number]['method']} ${(typeof API_ROUTES)[number]['path']}`;

export const routeKey = (route: ApiRoute): string => `${route.method} ${route.path}`;

/** The bounded contexts that own HTTP routes: one Lambda each. */
export const HTTP_CONTEXTS = [...new Set(API_ROUTES.map((route) => route.context))];
