// Module resolve hook (registered by register.mjs): "/static/X" → src/roses/server/static/X, read
// as an ES module (the folder has no package.json saying so; the browser loads it as one).
const STATIC = new URL("../../src/roses/server/static/", import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  if (!specifier.startsWith("/static/")) return nextResolve(specifier, context);
  const resolved = await nextResolve(new URL(specifier.slice("/static/".length), STATIC).href, context);
  return { ...resolved, format: "module" };
}
