// Lets Node import the browser table's modules as the page does:
//   node --import ./tests/js/register.mjs --test tests/js/*.test.mjs
// They import each other by the server's paths ("/static/common.js"); static-paths.mjs maps
// those to src/roses/server/static/.
import { register } from "node:module";

register("./static-paths.mjs", import.meta.url);
