// The plugin's testing entry (Node only): its sourcing run outside Gatsby, against a stand-in for
// the part of Gatsby's Node API it uses, so that a site can test its content model on its own rows
// (which nodes, which warnings, which failures) without a build; and the remote driver with the
// error codes it reports, so that a site can run the sourcing against a served project of its own.
export { fakeCache, fakeGatsby, removeFakeCacheFolders, type FakeCache, type FakeGatsby, type ReportedError } from './src/fake-gatsby';
export { ERROR_CODES } from './src/errors';
export { remoteDriver } from './src/remote';
export { sourceContent } from './src/source-nodes';
