// Jest gives every test file fresh globals, so PGlite would compile its WebAssembly again in each
// file. A worker keeps each module it compiled (by the bytes' hash) and every file instantiates from
// it, as one long-running process would. (npm test compiles with V8's baseline compiler only:
// scripts/test.ts, BASELINE_WASM.)
const { createHash } = require('node:crypto');

const compiled = new Map();

/** Makes `global.WebAssembly.instantiate` of bytes reuse the worker's compiled module. */
function shareCompiledWasm(global) {
  const wasm = global.WebAssembly;
  const instantiate = wasm.instantiate.bind(wasm);
  const LocalModule = wasm.Module;
  // The module comes from the worker's realm: `instanceof` in the file's realm must still know it.
  Object.defineProperty(LocalModule, Symbol.hasInstance, {
    value: (value) => value instanceof WebAssembly.Module || Function.prototype[Symbol.hasInstance].call(LocalModule, value),
  });
  wasm.instantiate = async (source, imports) => {
    const isBytes = ArrayBuffer.isView(source) || Object.prototype.toString.call(source) === '[object ArrayBuffer]';
    if (!isBytes) return instantiate(source, imports);
    const bytes = ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source);
    const key = createHash('sha256').update(bytes).digest('hex');
    if (!compiled.has(key)) compiled.set(key, WebAssembly.compile(bytes));
    const module = await compiled.get(key);
    return { module, instance: await instantiate(module, imports) };
  };
}

module.exports = { shareCompiledWasm };
