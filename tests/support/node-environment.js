// Jest's Node environment, with compiled WebAssembly shared between the worker's test files.
const { TestEnvironment } = require('jest-environment-node');
const { shareCompiledWasm } = require('./compiled-wasm');

module.exports = class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    shareCompiledWasm(this.global);
  }
};
