// gatsby-source-filesystem's own File node builder (what its createRemoteFileNode uses after the
// download), which the package ships without types.
declare module 'gatsby-source-filesystem/create-file-node' {
  import type { NodeInput } from 'gatsby';

  export interface FileNodeInput extends NodeInput {
    id: string;
    url?: string;
    internal: NodeInput['internal'] & { description?: string };
  }

  export function createFileNode(pathToFile: string, createNodeId: (input: string) => string): Promise<FileNodeInput>;
}
