// Jest compiles the site's TypeScript with Gatsby's own Babel preset, as `gatsby build` does.
module.exports = require('babel-jest').default.createTransformer({
  presets: ['babel-preset-gatsby', '@babel/preset-typescript'],
});
