declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: unknown[] }[];
  }
  /** lib/models/object.js */
  export interface S3rverObjectModel {
    new (bucket: string, key: string, content: import('node:stream').Readable | null, metadata: Record<string, string>): { range?: { start: number; end: number } };
    ALLOWED_METADATA: string[];
  }
  /** The filesystem store's methods the stand-in uses or replaces (lib/stores/filesystem.js). */
  export interface S3rverStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
    getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<object | null>;
    putObject(object: { bucket: string; key: string; content: import('node:stream').Readable | Buffer; metadata: Record<string, string> }): Promise<{ size: number; md5: string }>;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: S3rverStore;
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
