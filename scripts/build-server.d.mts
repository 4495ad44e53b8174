// Types of scripts/build-server.mjs for the TypeScript that imports it (the cluster harness, the tests' setup).
export declare const serverBundle: string;
export declare function isStale(output: string, inputs: string[]): boolean;
export declare function serverBuildIsStale(): boolean;
