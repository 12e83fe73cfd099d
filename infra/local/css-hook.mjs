// Node module hook of the local runtime: a stylesheet a web module imports loads as an empty module on
// the server, as the render function's esbuild bundle has it in AWS (infra/constructs/renderer.ts,
// loader '.css': 'empty'); the browser build has the styles.
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}
