// What an island module exports (web/src/islands/boot.ts): it enhances the element the server's HTML
// marked with its name, and may finish asynchronously (the page counts as ready once it has).
export type Island = (element: HTMLElement) => void | Promise<void>;
