// The plugin's testing entry (Node only): its sourcing run outside Gatsby, against a stand-in for
// the part of Gatsby's Node API it uses, so that a site can test its content model on its own rows
// (which nodes, which warnings, which failures) without a build.
export { fakeCache, fakeGatsby, removeFakeCacheFolders, type FakeCache, type FakeGatsby, type ReportedError } from './src/fake-gatsby';
