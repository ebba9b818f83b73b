// The ES module face of the package: `import { Database, Connection } from 'quiver'`, or
// `import quiver from 'quiver'`. index.js is the implementation (docs/node.md); node
// finds its named exports in its `module.exports = {...}`.
export * from './index.js';
export { default } from './index.js';
