// ESLint for the browser table's JavaScript (src/roses/server/static: plain ES modules, no
// bundler) and its Node unit tests (tests/js). ./scripts/test runs it from the repository root:
//   tools/eslint/node_modules/.bin/eslint --config tools/eslint/eslint.config.js src/roses/server/static tests/js
// Only rules that catch real bugs: @eslint/js's recommended set (undefined names, unused
// variables and imports, unreachable code, duplicate keys, …), nothing about style.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/roses/server/static/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
  {
    // Unused arguments are a renderer hook's signature (scores(view, n), resultNote(view, i):
    // static/README.md), not a mistake; unused variables and imports still are.
    rules: { "no-unused-vars": ["error", { args: "none" }] },
  },
];
