// The state a server-rendered page carries for the browser: what the server knew (RenderInfo) and the
// query cache it filled, as JSON in a non-executable <script type="application/json"> (allowed by the
// Content-Security-Policy, and safe: every '<' is escaped so the text cannot close the element).
import type { DehydratedState } from '@tanstack/react-query';
import type { RenderInfo } from '../lib/render-context';

export const STATE_ELEMENT_ID = 'portal-state';

export interface PageState {
  info: RenderInfo;
  queries: DehydratedState;
}

export function serializeState(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function stateScript(state: PageState): string {
  return `<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeState(state)}</script>`;
}
