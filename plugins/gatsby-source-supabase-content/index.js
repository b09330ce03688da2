// Gatsby resolves a plugin directory through its package.json main; the hooks live in gatsby-node.
